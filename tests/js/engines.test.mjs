// Every lab's browser module against its golden vectors, by one test body: the field
// readers, the rules across fields, the record, the view of every slot, the announcement and
// the live charts of each sampled state must equal what the Python core and the lesson's view
// wrote (generator/course/golden.py). A lesson adds a lab; this file does not change.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { fieldText, readField } from '../../site_overrides/assets/javascripts/lab/exact/fields.mjs';
import { readState } from '../../site_overrides/assets/javascripts/lab/kit/state.mjs';
import { labGoldens, ROOT } from './golden.mjs';

const goldens = labGoldens();
const modules = await Promise.all(goldens.map((golden) => import(pathToFileURL(join(ROOT, golden.module)).href)));

/** A record as JSON compares it: what JSON.stringify writes, read back. */
const json = (value) => JSON.parse(JSON.stringify(value));

test('every lab on the lesson shape has golden vectors', () => {
  assert.ok(goldens.length > 0);
});

goldens.forEach((golden, index) => {
  const engine = modules[index];
  const lab = { rules: engine.rules && ((values) => engine.rules(values, golden.limits)), ignored: engine.ignored };
  describe(`${golden.lab} lab`, () => {
    test('every field reads as Python reads it', () => {
      for (const [name, text, answer] of golden.parse_cases) {
        const limit = golden.limits[name];
        const read = readField(text, limit);
        const got = read.ok ? fieldText(read.value, limit) : read.reason;
        assert.equal(got, answer, `${name} ${JSON.stringify(text.slice(0, 40))}`);
      }
    });

    test('every state that breaks a rule across fields is refused field by field', () => {
      for (const { texts, refusals } of golden.state_cases) {
        const { reasons } = readState(golden.params, golden.limits, texts, lab);
        assert.deepEqual(reasons, refusals, JSON.stringify(texts));
      }
    });

    test(`${golden.samples.length} sampled states: record, view, announcement and charts`, () => {
      for (const sample of golden.samples) {
        const { values, reasons } = readState(golden.params, golden.limits, sample.texts, lab);
        assert.deepEqual(reasons, {}, JSON.stringify(sample.texts));
        const record = engine.evaluate(values, golden.table);
        const where = JSON.stringify(sample.texts);
        assert.deepEqual(json(record), sample.record, where);
        assert.deepEqual(json(engine.view(record, golden.texts)), sample.view, where);
        if (engine.announcement) assert.equal(engine.announcement(record, golden.texts), sample.announcement, where);
        assert.deepEqual(engine.charts ? json(engine.charts(record, golden.texts)) : null, sample.charts, where);
      }
    });
  });
});
