/*
 * The composition lab in the browser: inputs, URL state, exact outputs and live charts.
 *
 * The page already shows the default state, rendered by the Python core
 * (generator/lab_page.py). This script takes those elements over: every input is parsed
 * by the BigInt engine (engine.js, the classic-script form of engine.mjs, published as
 * `window.CompositionLabEngine`), every valid state is evaluated exactly, and the outputs
 * are rewritten with the same markup and texts the server wrote. Rules:
 *
 * - A field that does not parse gets its Korean message (from the field's data-messages,
 *   keyed by the engine's reason code, against the field's data-limit) and the last valid
 *   result stays on screen.
 * - An update is all or nothing: `present` computes every string of the new state (the
 *   results, the panel, the ε lines, the captions, the tables, the chart rows), and only
 *   then `show` writes them. If anything throws, nothing is written: the last state stays
 *   whole, every output area is marked stale (data-stale), a visible notice says so, the
 *   error goes to console.error, and "cl:lab-failed" fires.
 * - The URL holds the state (mode, k, p, alpha, delta, alpha0) whenever every field
 *   parses, so a reload or a shared link opens what the fields show. Typing replaces the
 *   current history entry, and each committed edit, mode change, step button or preset
 *   adds one, so back, reload and shared links reproduce what was shown. Inside an LMS or
 *   a frame (meta composition-lab-view) every change replaces the entry instead, so the
 *   host's back button is not filled with lab states. A bad or repeated parameter falls
 *   back to its default, and a notice names it.
 * - A link on the page to this lab ("?<state>#lab", the cards' "open in the lab") applies
 *   its state in place and brings the lab into view instead of reloading the page, which
 *   inside an LMS would end the SCORM session. "cl:lab-reveal" (detail: {top}, the lab's
 *   offset in the document) lets embed.js scroll the host page too.
 * - Charts load vega-embed once (a classic script beside the site, so file:// works),
 *   embed the inline Altair spec of the current mode with `actions: false`, and swap the
 *   named data sets with `view.data(...)`. Until then the static SVG stays; a chart that
 *   fails to draw is marked stale, with a notice and a console error.
 * - No number reaches the page except through the engine's exact strings and decimals,
 *   and every sentence comes from the page (data-text-*), written by generator/lab_page.py.
 *
 * For tests and benchmarks: each valid update numbers itself in data-lab-sequence and
 * dispatches "cl:lab-updated" (detail: {sequence}); once the charts show it, data-lab-charted
 * holds the same number and "cl:lab-charted" fires. A failed update counts itself in
 * data-lab-failures and sets data-lab-stale="error" (a field that does not parse:
 * data-lab-stale="input").
 */
(function () {
  "use strict";

  var engine = window.CompositionLabEngine;
  var namespace = (window.CompositionLab = window.CompositionLab || {});
  if (!engine || namespace.labMounted) return;
  namespace.labMounted = true;

  var FIELDS = ["k", "p", "alpha", "delta", "alpha0"];
  var PARAMS = ["mode"].concat(FIELDS);
  var MODE_NAMES = { fresh: "새 응답", copy: "복사", xor: "XOR" };
  var X_LABELS = ["x = 0", "x = 1"];
  var NONE = "—";
  var SCRIPT = document.currentScript;
  var VEGA_URL = SCRIPT ? new URL("../../vendor/vega/vega-embed.js", SCRIPT.src).href : null;
  var TERMS = {
    "delta-required": "주장한 α에서 필요한 δ",
    "max-event": "최대 사건",
    "eps-pure": "최소 순수 ε",
    alpha0: "단계별 α₀",
    delta0: "단계별 δ₀",
    queries: "조건부 질의 수 q",
    "theorem-eps": "정리의 ε = q·ε₀",
    "theorem-delta": "정리의 δ = min(1, q·δ₀)",
    "composed-delta-exact": "합산 ε에서 정확한 δ",
  };

  // ---------------------------------------------------------------------------------
  // Texts, the same as generator/figures.py, cards.py and lab_page.py write them

  function escapeHtml(text) {
    return String(text)
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&#x27;");
  }

  /**
   * "3/8" or "2" as an exact fraction. The engine's strings are reduced already, so no gcd
   * is taken again (at k = 100 the grid's fractions have 200-digit terms).
   */
  function exactOf(text) {
    var parts = String(text).split("/");
    return { num: BigInt(parts[0]), den: BigInt(parts.length > 1 ? parts[1] : "1") };
  }

  /**
   * "3/8 = 0.375", "1/3 ≈ 0.333", or "0" (figures.number_html). The relation comes from the
   * exact value (engine.decimalForm), never from reading the decimal back, so a value of any
   * size renders.
   */
  function numberHtml(exact) {
    var value = exactOf(exact);
    if (value.den === 1n) return escapeHtml(exact);
    var decimal = engine.decimalForm(value);
    return (
      escapeHtml(exact) + ' <span class="cl-decimal">' + (decimal.equal ? "=" : "≈") + " " + decimal.text +
      "</span>"
    );
  }

  /** cards.epsilon_html */
  function epsilonHtml(exact, decimal) {
    if (exact === "0") return "0";
    if (exact === "∞") return "∞ (유한한 순수 ε가 없음)";
    return escapeHtml(exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(decimal) + "</span>";
  }

  function lnHtml(term) {
    return epsilonHtml(term.exact, term.decimal);
  }

  function channelText(record) {
    var channel = record.channel;
    var name = MODE_NAMES[channel.mode];
    if (channel.mode === "xor") return name;
    return name + " · k = " + channel.k + " · p = " + channel.p + "%";
  }

  function eventText(outputs) {
    return outputs.length ? "{" + outputs.join(", ") + "}" : "∅";
  }

  function verdictText(claim) {
    return claim.passes
      ? "주장 통과: 필요한 δ " + claim.required + " ≤ 주장한 δ " + claim.delta
      : "주장 실패: δ ≥ " + claim.required + " 필요";
  }

  function entry(out, valueHtml, data) {
    var attributes = "";
    Object.keys(data || {}).forEach(function (name) {
      attributes += " data-" + name + '="' + escapeHtml(data[name]) + '"';
    });
    return (
      "<div><dt>" + escapeHtml(TERMS[out]) + '</dt><dd data-out="' + out + '"' + attributes + ">" +
      valueHtml + "</dd></div>"
    );
  }

  function resultsHtml(record) {
    var claim = record.claim;
    var event = claim.event;
    var pure = record.pure_epsilon;
    return (
      entry("delta-required", numberHtml(claim.required), { exact: claim.required }) +
      entry(
        "max-event",
        escapeHtml(event.direction) + " 방향, " + escapeHtml(eventText(event.outputs)),
        { direction: event.direction, outputs: event.outputs.join(" ") }
      ) +
      entry("eps-pure", epsilonHtml(pure.exact, pure.decimal), { value: pure.decimal })
    );
  }

  function compositionHtml(record, epsilon) {
    var panel = record.composition;
    var head = entry("alpha0", numberHtml(panel.alpha0) + " (ε₀ = " + lnHtml(epsilon.step) + ")", {
      exact: panel.alpha0,
    });
    if (panel.queries === null) {
      return (
        head +
        ["delta0", "queries", "theorem-eps", "theorem-delta", "composed-delta-exact"]
          .map(function (name) {
            return entry(name, NONE);
          })
          .join("")
      );
    }
    var composed = numberHtml(panel.composed_alpha);
    return (
      head +
      entry("delta0", numberHtml(panel.delta0), { exact: panel.delta0 }) +
      entry("queries", String(panel.queries), { exact: String(panel.queries) }) +
      entry("theorem-eps", lnHtml(epsilon.theorem) + " (α = " + composed + ")", {
        value: epsilon.theorem.decimal,
        alpha: panel.composed_alpha,
      }) +
      entry(
        "theorem-delta",
        "min(1, " + panel.queries + " × " + escapeHtml(panel.delta0) + ") = " + numberHtml(panel.theorem_delta),
        { exact: panel.theorem_delta }
      ) +
      entry("composed-delta-exact", numberHtml(panel.exact_delta) + " (α = " + composed + ")", {
        exact: panel.exact_delta,
      })
    );
  }

  function distributionCaption(record) {
    var event = record.claim.event;
    return (
      channelText(record) + ": 출력마다 " + X_LABELS[0] + "일 때의 확률은 파랑, " + X_LABELS[1] +
      "일 때는 주황 막대입니다. 최대 사건 " + eventText(event.outputs) + "(" + event.direction +
      " 방향)의 막대에 검은 윤곽선이 있습니다."
    );
  }

  function profileCaption(record) {
    var claim = record.claim;
    return (
      channelText(record) + ": 정수 α = 1, 2, …, 100에서 정확히 계산한 δ*(α)가 파란 점이고, 점 사이의 " +
      "선은 안내선입니다. 주황 선은 주장한 δ = " + claim.delta + ", 빨간 점은 선택한 α = " + claim.alpha +
      "에서 따로 정확히 계산한 δ* = " + claim.required + "입니다."
    );
  }

  function cell(exact) {
    return '<td data-exact="' + escapeHtml(exact) + '">' + numberHtml(exact) + "</td>";
  }

  function probabilityRows(record) {
    var channel = record.channel;
    var event = record.claim.event.outputs;
    return channel.labels
      .map(function (label, i) {
        return (
          '<tr data-output="' + escapeHtml(label) + '"><th scope="row">' + escapeHtml(label) + "</th>" +
          cell(channel.distribution0[i]) + cell(channel.distribution1[i]) + "<td>" +
          (event.indexOf(label) >= 0 ? "예" : "아니요") + "</td></tr>"
        );
      })
      .join("");
  }

  function profileRows(record) {
    var claim = record.claim;
    var grid = record.grid;
    var selected =
      '<tr class="cl-selected" data-alpha="' + escapeHtml(claim.alpha) + '"><th scope="row">' +
      escapeHtml(claim.alpha) + " (선택)</th>" + cell(claim.required) + "</tr>";
    return (
      selected +
      grid.alphas
        .map(function (alpha, i) {
          return (
            '<tr data-alpha="' + escapeHtml(alpha) + '"><th scope="row">' + escapeHtml(alpha) + "</th>" +
            cell(grid.deltas[i]) + "</tr>"
          );
        })
        .join("")
    );
  }

  // ---------------------------------------------------------------------------------
  // Chart rows, the fields of generator/charts.py

  function chartRows(result) {
    var channel = result.channel;
    var event = result.claim.event.outputs;
    var chart = result.chart;
    var distribution = [];
    channel.labels.forEach(function (label, order) {
      [channel.distribution0, channel.distribution1].forEach(function (exacts, x) {
        distribution.push({
          output: label,
          order: order,
          x: X_LABELS[x],
          probability: (x === 0 ? chart.distribution0 : chart.distribution1)[order],
          exact: exacts[order],
          decimal: engine.decimalStr(exactOf(exacts[order])),
          in_event: event.indexOf(label) >= 0,
        });
      });
    });
    var profile = result.grid.alphas.map(function (alpha, i) {
      return {
        alpha: i + 1,
        alpha_exact: alpha,
        delta: chart.grid[i],
        delta_exact: result.grid.deltas[i],
        delta_decimal: engine.decimalStr(exactOf(result.grid.deltas[i])),
      };
    });
    var claim = [
      {
        alpha: chart.alpha,
        alpha_exact: result.claim.alpha,
        delta: chart.claim_delta,
        delta_exact: result.claim.delta,
        required: chart.required,
        required_exact: result.claim.required,
        required_decimal: result.claim.required_decimal,
      },
    ];
    return {
      mode: channel.mode,
      distribution: { distribution: distribution },
      profile: { profile: profile, claim: claim },
    };
  }

  // ---------------------------------------------------------------------------------
  // The view this page is in: hosted (and offline), or inside an LMS or a frame

  function standaloneView() {
    var meta = document.querySelector('meta[name="composition-lab-view"]');
    return Boolean(meta && meta.getAttribute("content"));
  }

  // ---------------------------------------------------------------------------------
  // Vega, loaded once per page

  var vegaLoading = null;

  function loadVega() {
    if (window.vegaEmbed) return Promise.resolve(window.vegaEmbed);
    if (!vegaLoading) {
      vegaLoading = new Promise(function (resolve, reject) {
        if (!VEGA_URL) return reject(new Error("no script URL"));
        var script = document.createElement("script");
        script.src = VEGA_URL;
        script.onload = function () {
          if (window.vegaEmbed) resolve(window.vegaEmbed);
          else reject(new Error("vegaEmbed missing"));
        };
        script.onerror = function () {
          reject(new Error("vega-embed did not load"));
        };
        document.head.appendChild(script);
      });
    }
    return vegaLoading;
  }

  // ---------------------------------------------------------------------------------
  // One lab

  // Every element an update writes, found once: `show` then only assigns to known elements,
  // so a state is either shown whole or (when `present` throws) not at all.
  var SLOTS = {
    claim: '[data-out="claim"]',
    results: "[data-lab-results]",
    composition: "[data-lab-composition]",
    note: "[data-lab-composition-note]",
    epsAlpha: '[data-lab-eps="alpha"]',
    epsAlpha0: '[data-lab-eps="alpha0"]',
    captionDistribution: '[data-lab-caption="distribution"]',
    captionProfile: '[data-lab-caption="profile"]',
    rowsDistribution: '[data-lab-rows="distribution"]',
    rowsProfile: '[data-lab-rows="profile"]',
    error: "[data-lab-error]",
    notice: "[data-lab-notice]",
    live: "[data-lab-live]",
  };

  function findSlots(root) {
    var slots = {};
    Object.keys(SLOTS).forEach(function (name) {
      slots[name] = root.querySelector(SLOTS[name]);
      if (!slots[name]) throw new Error("the lab's markup has no " + SLOTS[name]);
    });
    return slots;
  }

  function Lab(root) {
    this.root = root;
    this.sequence = 0;
    this.specs = JSON.parse(root.querySelector("[data-lab-specs]").textContent);
    this.slots = findSlots(root);
    this.replaceHistory = standaloneView();
    this.values = {};
    this.result = null;
    this.pushNext = true;
    this.failures = 0;
    this.fields = {};
    var lab = this;
    FIELDS.forEach(function (name) {
      var wrapper = root.querySelector('[data-field="' + name + '"]');
      var limit = JSON.parse(wrapper.getAttribute("data-limit"));
      lab.fields[name] = {
        wrapper: wrapper,
        input: wrapper.querySelector("input"),
        buttons: wrapper.querySelectorAll("[data-step]"),
        error: wrapper.querySelector("[data-error-for]"),
        messages: JSON.parse(wrapper.getAttribute("data-messages")),
        places: Number(wrapper.getAttribute("data-places")),
        limit: limit,
        min: engine.parseNumber(limit.low),
        max: engine.parseNumber(limit.high),
      };
    });
    this.defaults = this.textsOfQuery(root.getAttribute("data-default")).texts;
    this.modes = root.querySelectorAll('input[name="mode"]');
    this.charts = {};
    this.chartMode = null;
    this.chartQueue = null;
    this.chartBusy = false;
    PARAMS.forEach(function (name) {
      lab.values[name] = lab.parseField(name, lab.defaults[name]).value;
    });
    this.listen();
    this.open(window.location.search, null);
    root.querySelector("[data-lab-static]").hidden = true;
    root.setAttribute("data-lab-mounted", "");
  }

  Lab.prototype.text = function (name, values) {
    var template = this.root.getAttribute("data-text-" + name) || "";
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  };

  Lab.prototype.parseField = function (name, text) {
    return name === "mode" ? engine.parseMode(text) : engine.parseField(text, this.fields[name].limit);
  };

  /** The text the URL and the field keep for a valid value ("3.0", "0.374", "1/3"). */
  Lab.prototype.canonicalText = function (name, value) {
    if (name === "mode") return value;
    var limit = this.fields[name].limit;
    return limit.kind === "count" ? String(value) : engine.canonicalNumber(value, limit.grid);
  };

  /**
   * Shows the state of a query string (the address, a popped history entry, a link or a
   * preset): its texts in the fields, a notice for what could not be used, and the update.
   * `history` is how the address follows (null: it already holds this state).
   */
  Lab.prototype.open = function (query, history) {
    var fromQuery = this.textsOfQuery(query);
    this.setTexts(fromQuery.texts);
    this.showNotice(fromQuery.bad);
    this.update(history === null && fromQuery.present ? "replace" : history);
  };

  /**
   * The lab's texts from a query string: a missing parameter takes its default; a bad or
   * repeated one takes its default and is named in `bad`.
   */
  Lab.prototype.textsOfQuery = function (query) {
    var params = new URLSearchParams(query || "");
    var texts = {};
    var bad = [];
    var present = false;
    var defaults = this.defaults || {};
    var lab = this;
    PARAMS.forEach(function (name) {
      var all = params.getAll(name);
      present = present || all.length > 0;
      var parsed = all.length === 1 ? lab.parseField(name, all[0]) : null;
      if (parsed && parsed.ok) {
        texts[name] = lab.canonicalText(name, parsed.value);
      } else {
        if (all.length > 0) bad.push(name);
        texts[name] = defaults[name] !== undefined ? defaults[name] : all[0];
      }
    });
    return { texts: texts, bad: bad, present: present };
  };

  Lab.prototype.showNotice = function (bad) {
    var notice = this.slots.notice;
    if (!bad.length) {
      notice.hidden = true;
      notice.textContent = "";
      return;
    }
    notice.textContent = this.text("bad-url", { names: bad.join(", ") });
    notice.hidden = false;
  };

  Lab.prototype.setTexts = function (texts) {
    var lab = this;
    FIELDS.forEach(function (name) {
      lab.fields[name].input.value = texts[name];
    });
    Array.prototype.forEach.call(this.modes, function (radio) {
      radio.checked = radio.value === texts.mode;
    });
  };

  Lab.prototype.texts = function () {
    var lab = this;
    var texts = { mode: "" };
    Array.prototype.forEach.call(this.modes, function (radio) {
      if (radio.checked) texts.mode = radio.value;
    });
    FIELDS.forEach(function (name) {
      texts[name] = lab.fields[name].input.value;
    });
    return texts;
  };

  /** How a change enters the history: a new entry, unless the page lives in an LMS or a frame. */
  Lab.prototype.entry = function (wanted) {
    return this.replaceHistory ? "replace" : wanted;
  };

  Lab.prototype.listen = function () {
    var lab = this;
    // The handlers below end in update(), which catches its own failures; anything else
    // that throws is a bug in this script: it is shown and logged, never swallowed.
    var guard = function (handler) {
      return function (event) {
        try {
          handler.call(lab, event);
        } catch (error) {
          lab.fail(error);
        }
      };
    };
    FIELDS.forEach(function (name) {
      var field = lab.fields[name];
      field.input.addEventListener("input", guard(function () {
        this.update(this.pushNext ? this.entry("push") : "replace");
        this.pushNext = false;
      }));
      field.input.addEventListener("change", guard(function () {
        this.pushNext = true;
      }));
      field.input.addEventListener("keydown", guard(function (event) {
        var steps = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[event.key];
        if (!steps) return;
        event.preventDefault();
        this.step(name, steps);
        this.update(this.pushNext ? this.entry("push") : "replace");
        this.pushNext = false;
      }));
      Array.prototype.forEach.call(field.buttons, function (button) {
        button.addEventListener("click", guard(function () {
          this.step(name, Number(button.getAttribute("data-step")));
          this.update(this.entry("push"));
          this.pushNext = true;
        }));
      });
    });
    Array.prototype.forEach.call(this.modes, function (radio) {
      radio.addEventListener("change", guard(function () {
        this.update(this.entry("push"));
        this.pushNext = true;
      }));
    });
    this.root.querySelector("[data-lab-form]").addEventListener("submit", function (event) {
      event.preventDefault();
    });
    Array.prototype.forEach.call(this.root.querySelectorAll("[data-preset]"), function (button) {
      button.addEventListener("click", guard(function () {
        this.open(button.getAttribute("data-preset"), this.entry("push"));
        this.pushNext = true;
      }));
    });
    document.addEventListener("click", guard(this.followLink));
    window.addEventListener("popstate", guard(function () {
      this.open(window.location.search, null);
      this.pushNext = true;
    }));
  };

  /**
   * A click on a link to this lab on this page (href "?<state>#<lab id>") opens the state
   * in place and brings the lab into view. Modified clicks (a new tab or window) and links
   * elsewhere keep the browser's behaviour.
   */
  Lab.prototype.followLink = function (event) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || (link.target && link.target !== "_self")) return;
    var url = new URL(link.getAttribute("href"), window.location.href);
    var here = window.location;
    if (url.origin !== here.origin || url.pathname !== here.pathname || url.hash !== "#" + this.root.id) return;
    event.preventDefault();
    this.open(url.search, this.entry("push"));
    this.pushNext = true;
    this.reveal();
  };

  /** Scrolls the lab into view, moves the focus to its title, and tells a host page where it is. */
  Lab.prototype.reveal = function () {
    var title = this.root.querySelector("#cl-lab-title") || this.root;
    this.root.scrollIntoView({ block: "start" });
    title.focus({ preventScroll: true });
    var top = Math.round(this.root.getBoundingClientRect().top + window.scrollY);
    this.root.dispatchEvent(new CustomEvent("cl:lab-reveal", { bubbles: true, detail: { top: top } }));
  };

  /**
   * Steps a field by `count` grid steps (10^-places each) from its value, or from its last
   * valid value while the text does not parse, clamped to the field's range. Exact: the
   * value is scaled to an integer count of steps with BigInt floor/ceiling.
   */
  Lab.prototype.step = function (name, count) {
    var field = this.fields[name];
    if (field.input.disabled) return;
    var parsed = this.parseField(name, field.input.value);
    var value = parsed.ok ? parsed.value : this.values[name];
    var scale = 10n ** BigInt(field.places);
    var asFraction = typeof value === "number" ? engine.fraction(BigInt(value)) : value;
    var scaled = asFraction.num * scale;
    var floor = scaled / asFraction.den;
    var ceiling = floor * asFraction.den === scaled ? floor : floor + 1n;
    var next = count > 0 ? floor + BigInt(count) : ceiling + BigInt(count);
    var low = (field.min.num * scale) / field.min.den;
    var high = (field.max.num * scale) / field.max.den;
    next = next < low ? low : next > high ? high : next;
    var stepped = engine.fraction(next, scale);
    field.input.value = this.canonicalText(name, field.limit.kind === "count" ? Number(stepped.num) : stepped);
  };

  /**
   * Parses every field and shows each failure beside its field; evaluates a valid state,
   * writes the address, and shows the state whole, or, if anything fails, nothing of it.
   */
  Lab.prototype.update = function (history) {
    var texts = this.texts();
    var xor = texts.mode === "xor";
    var lab = this;
    var failures = [];
    var candidate = {};
    PARAMS.forEach(function (name) {
      var parsed = lab.parseField(name, texts[name]);
      var ignored = xor && (name === "k" || name === "p");
      if (name !== "mode") lab.showError(name, parsed.ok || ignored ? null : parsed.reason);
      if (parsed.ok) candidate[name] = parsed.value;
      else if (ignored) candidate[name] = lab.values[name];
      else failures.push(name);
    });
    this.setXor(xor);
    if (failures.length) {
      this.root.setAttribute("data-lab-stale", "input");
      this.announce(this.text("bad-input"));
      return;
    }
    // The address holds what the fields show, even when this state cannot be shown.
    if (history) this.writeUrl(candidate, history);
    var view;
    try {
      view = this.present(engine.evaluateLab(candidate));
    } catch (error) {
      this.fail(error);
      return;
    }
    this.values = candidate;
    this.result = view.result;
    this.show(view);
    this.sequence += 1;
    this.root.setAttribute("data-lab-sequence", String(this.sequence));
    this.root.dispatchEvent(new CustomEvent("cl:lab-updated", { detail: { sequence: this.sequence } }));
    // The state a page opens with is on screen already; only changes are announced.
    if (this.root.hasAttribute("data-lab-mounted")) this.announce(view.announcement);
    this.queueCharts(view.rows, this.sequence);
  };

  /**
   * A state that could not be computed or shown: the last one stays whole, every output
   * area is marked stale, the notice says so, and the error is logged.
   */
  Lab.prototype.fail = function (error) {
    console.error("composition lab: the update failed; the last state stays on screen", error);
    this.failures += 1;
    this.root.setAttribute("data-lab-failures", String(this.failures));
    this.root.setAttribute("data-lab-stale", "error");
    Array.prototype.forEach.call(this.root.querySelectorAll("[data-lab-area], [data-lab-chart]"), function (area) {
      area.setAttribute("data-stale", "");
    });
    this.showFailure(this.text("failed"));
    this.announce(this.text("failed"));
    this.root.dispatchEvent(
      new CustomEvent("cl:lab-failed", { detail: { message: String((error && error.message) || error) } })
    );
  };

  Lab.prototype.showFailure = function (text) {
    var notice = this.slots.error;
    notice.textContent = text;
    notice.hidden = !text;
  };

  Lab.prototype.showError = function (name, reason) {
    var field = this.fields[name];
    field.error.hidden = !reason;
    field.error.textContent = reason ? field.messages[reason] : "";
    if (reason) field.input.setAttribute("aria-invalid", "true");
    else field.input.removeAttribute("aria-invalid");
  };

  Lab.prototype.setXor = function (xor) {
    var lab = this;
    ["k", "p"].forEach(function (name) {
      var field = lab.fields[name];
      field.input.disabled = xor;
      Array.prototype.forEach.call(field.buttons, function (button) {
        button.disabled = xor;
      });
      field.wrapper.classList.toggle("cl-lab-field-disabled", xor);
    });
    this.root.querySelector("[data-lab-xor-reason]").hidden = !xor;
    this.root.querySelector("[data-lab-xor]").hidden = !xor;
  };

  /**
   * Every string of one state, computed before anything is written (may throw). The
   * probability and profile tables depend on the channel alone, except for the "in the
   * maximal event" column and the selected-α row; while mode, p and k stay, only those
   * cells are rewritten (at k = 100 laying out 300 fresh cells costs more than everything
   * else in an update).
   */
  Lab.prototype.present = function (result) {
    var channel = result.channel;
    var key = channel.mode + " " + channel.p + " " + channel.k;
    var event = result.claim.event.outputs;
    var selected = document.createElement("tbody");
    selected.innerHTML = profileRows({ claim: result.claim, grid: { alphas: [], deltas: [] } });
    return {
      result: result,
      claim: { value: result.claim.passes ? "pass" : "fail", text: verdictText(result.claim) },
      results: resultsHtml(result),
      composition: compositionHtml(result, result.epsilon),
      note: result.composition.queries === null ? "data-note-xor" : "data-note-composed",
      epsAlpha: "ε = ln α = " + lnHtml(result.epsilon.claim),
      epsAlpha0: "ε₀ = ln α₀ = " + lnHtml(result.epsilon.step),
      captions: { distribution: distributionCaption(result), profile: profileCaption(result) },
      tableKey: key,
      tables:
        key === this.tableKey
          ? null
          : { distribution: probabilityRows(result), profile: profileRows(result) },
      inEvent: channel.labels.map(function (label) {
        return event.indexOf(label) >= 0 ? "예" : "아니요";
      }),
      selectedRow: selected.firstChild,
      rows: chartRows(result),
      announcement:
        verdictText(result.claim) + ". 최대 사건은 " + result.claim.event.direction + " 방향 " +
        eventText(result.claim.event.outputs) + ", 최소 순수 ε는 " + result.pure_epsilon.exact + ".",
    };
  };

  /** Writes a presented state: DOM writes of strings computed already, and nothing else. */
  Lab.prototype.show = function (view) {
    var root = this.root;
    var slots = this.slots;
    slots.claim.setAttribute("data-value", view.claim.value);
    slots.claim.textContent = view.claim.text;
    slots.results.innerHTML = view.results;
    slots.composition.innerHTML = view.composition;
    slots.note.textContent = slots.note.getAttribute(view.note);
    slots.epsAlpha.innerHTML = view.epsAlpha;
    slots.epsAlpha0.innerHTML = view.epsAlpha0;
    slots.captionDistribution.textContent = view.captions.distribution;
    slots.captionProfile.textContent = view.captions.profile;
    var distribution = slots.rowsDistribution;
    var profile = slots.rowsProfile;
    if (view.tables) {
      distribution.innerHTML = view.tables.distribution;
      profile.innerHTML = view.tables.profile;
      this.tableKey = view.tableKey;
    } else {
      Array.prototype.forEach.call(distribution.rows, function (row, i) {
        var last = row.cells[row.cells.length - 1];
        if (last.textContent !== view.inEvent[i]) last.textContent = view.inEvent[i];
      });
      profile.replaceChild(view.selectedRow, profile.rows[0]);
    }
    root.removeAttribute("data-lab-stale");
    Array.prototype.forEach.call(root.querySelectorAll("[data-lab-area]"), function (area) {
      area.removeAttribute("data-stale");
    });
    this.showFailure("");
  };

  Lab.prototype.announce = function (text) {
    var live = this.slots.live;
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(function () {
      live.textContent = text;
    }, 400);
  };

  Lab.prototype.writeUrl = function (values, history) {
    var lab = this;
    var query = PARAMS.map(function (name) {
      return name + "=" + encodeURIComponent(lab.canonicalText(name, values[name])).replace(/%2F/g, "/");
    }).join("&");
    if ("?" + query === window.location.search && history === "push") return;
    var url = window.location.pathname + "?" + query + window.location.hash;
    try {
      if (history === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    } catch (error) {
      // A sandboxed frame may refuse history changes; the lab works on without them.
      console.warn("composition lab: the address could not follow the lab", error);
    }
  };

  // ---------------------------------------------------------------------------------
  // Charts: one render at a time, always of the latest result

  Lab.prototype.queueCharts = function (rows, sequence) {
    this.chartQueue = { rows: rows, sequence: sequence };
    if (!this.chartBusy) this.drawCharts();
  };

  /** The chart containers: their SVG is the one part of a state drawn after it is shown. */
  Lab.prototype.chartFigures = function () {
    return this.root.querySelectorAll("[data-lab-chart]");
  };

  Lab.prototype.drawCharts = function () {
    var lab = this;
    var job = this.chartQueue;
    if (!job) return;
    this.chartQueue = null;
    this.chartBusy = true;
    var mode = job.rows.mode;
    loadVega()
      .then(function (vegaEmbed) {
        if (lab.chartMode === mode) return null;
        return Promise.all(
          ["distribution", "profile"].map(function (kind) {
            var container = lab.root.querySelector('[data-lab-chart="' + kind + '"]');
            if (lab.charts[kind]) lab.charts[kind].finalize();
            // The container is the chart's image, labelled and described by its caption and
            // table; Vega's own ARIA tree inside it would only repeat them, unlabelled.
            var target = document.createElement("div");
            target.setAttribute("aria-hidden", "true");
            return vegaEmbed(target, lab.specs[mode][kind], { actions: false, renderer: "svg" }).then(function (embedded) {
              container.replaceChildren(target);
              lab.charts[kind] = embedded;
            });
          })
        ).then(function () {
          lab.chartMode = mode;
        });
      })
      .then(function () {
        return Promise.all(
          ["distribution", "profile"].map(function (kind) {
            var view = lab.charts[kind].view;
            Object.keys(job.rows[kind]).forEach(function (name) {
              view.data(name, job.rows[kind][name]);
            });
            return view.runAsync();
          })
        );
      })
      .then(function () {
        // Drawn: the figures are current, unless a later update failed meanwhile.
        if (lab.root.getAttribute("data-lab-stale") !== "error") {
          Array.prototype.forEach.call(lab.chartFigures(), function (figure) {
            figure.removeAttribute("data-stale");
          });
          if (lab.slots.error.textContent === lab.text("charts-failed")) {
            lab.showFailure("");
          }
        }
        lab.root.setAttribute("data-lab-charted", String(job.sequence));
        lab.root.dispatchEvent(new CustomEvent("cl:lab-charted", { detail: { sequence: job.sequence } }));
      })
      .catch(function (error) {
        // The last chart drawn stays, marked stale; the tables carry every current value.
        console.error("composition lab: the charts could not be drawn", error);
        lab.chartMode = null;
        Array.prototype.forEach.call(lab.chartFigures(), function (figure) {
          figure.setAttribute("data-stale", "");
        });
        if (lab.root.getAttribute("data-lab-stale") !== "error") lab.showFailure(lab.text("charts-failed"));
      })
      .then(function () {
        lab.chartBusy = false;
        if (lab.chartQueue) lab.drawCharts();
      });
  };

  function mount(page) {
    Array.prototype.forEach.call(page.querySelectorAll("[data-lab]"), function (root) {
      if (root.hasAttribute("data-lab-mounted")) return;
      try {
        new Lab(root);
      } catch (error) {
        // The server-rendered default state stays readable, and says that it is static.
        console.error("composition lab: the lab could not start; the default state stays", error);
      }
    });
  }

  namespace.onEveryPage(mount);
})();
