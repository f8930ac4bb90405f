// The slot helpers of kit/shown.mjs against their Python twins (generator/course/shown.py):
// the same value gives the same JSON form of its slot.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { exact, exactCell, text, verdict } from '../../site_overrides/assets/javascripts/lab/kit/shown.mjs';
import { pythonOnce } from './python_render.mjs';

const VALUES = ['3/8', '1/3', '-3/8', '2', '0', '13717421/109739369', '999999999999/1000000000000'];
const PYTHON = `
import json, sys
from fractions import Fraction
from generator.course.shown import exact, exact_cell, text, verdict
values = json.loads(sys.argv[1])
print(json.dumps({
    "exact": [exact(Fraction(v)).as_json() for v in values],
    "exact_alpha": exact(Fraction(25, 4), **{"data-alpha": "25/4"}).as_json(),
    "cells": [exact_cell(Fraction(v)).as_json() for v in values],
    "text": text("a < b").as_json(),
    "text_attrs": text("예", **{"data-holds": "true"}).as_json(),
    "verdicts": [verdict(True, "ok").as_json(), verdict(False, "no").as_json()],
}, ensure_ascii=False))
`;
const python = pythonOnce(PYTHON, VALUES);

test('exact, exactCell, text and verdict write the slots Python writes', () => {
  const want = python();
  assert.deepEqual(VALUES.map((value) => exact(value)), want.exact);
  assert.deepEqual(exact('25/4', { 'data-alpha': '25/4' }), want.exact_alpha);
  assert.deepEqual(VALUES.map(exactCell), want.cells);
  assert.deepEqual(text('a < b'), want.text);
  assert.deepEqual(text('예', { 'data-holds': 'true' }), want.text_attrs);
  assert.deepEqual([verdict(true, 'ok'), verdict(false, 'no')], want.verdicts);
});
