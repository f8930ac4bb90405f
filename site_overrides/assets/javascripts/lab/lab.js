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
 *   keyed by the engine's reason code) and the last valid result stays on screen.
 * - The URL holds the state (mode, k, p, alpha, delta, alpha0). Typing replaces the
 *   current history entry, and each committed edit, mode change, step button or preset
 *   adds one, so back, reload and shared links reproduce what was shown. A bad or repeated
 *   parameter falls back to its default, and a notice names it.
 * - Charts load vega-embed once (a classic script beside the site, so file:// works),
 *   embed the inline Altair spec of the current mode with `actions: false`, and swap the
 *   named data sets with `view.data(...)`. Until then the static SVG stays.
 * - Nothing here throws out of an event handler, and no number reaches the page except
 *   through the engine's exact strings and decimals.
 *
 * For tests and benchmarks: each valid update numbers itself in data-lab-sequence and
 * dispatches "cl:lab-updated" (detail: {sequence}); once the charts show it, data-lab-charted
 * holds the same number and "cl:lab-charted" fires.
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

  /** "3/8 = 0.375", "1/3 ≈ 0.333", or "0" (figures.number_html). */
  function numberHtml(exact) {
    var value = exactOf(exact);
    if (value.den === 1n) return escapeHtml(exact);
    var decimal = engine.decimalStr(value);
    var relation = engine.compare(engine.parseDecimal(decimal).value, value) === 0 ? "=" : "≈";
    return escapeHtml(exact) + ' <span class="cl-decimal">' + relation + " " + decimal + "</span>";
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
    var head = entry("alpha0", numberHtml(panel.alpha0) + " (ε₀ = " + lnHtml(epsilon.step) + ")");
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
    return { distribution: { distribution: distribution }, profile: { profile: profile, claim: claim } };
  }

  // ---------------------------------------------------------------------------------
  // Field texts: the canonical forms the URL keeps (generator/lab_url.py)

  /** α as "3.0", "5.7" (α is on the 0.1 grid). */
  function oneDecimal(value) {
    var tenths = (value.num * 10n) / value.den;
    return (tenths / 10n).toString() + "." + (tenths % 10n).toString();
  }

  /** The shortest decimal equal to a value whose denominator divides a power of ten. */
  function exactDecimal(value) {
    var places = 0;
    var scale = 1n;
    while (scale % value.den !== 0n) {
      places += 1;
      scale *= 10n;
    }
    var digits = ((value.num * scale) / value.den).toString().padStart(places + 1, "0");
    if (places === 0) return digits;
    var whole = digits.slice(0, digits.length - places);
    var fraction = digits.slice(digits.length - places).replace(/0+$/, "");
    return fraction ? whole + "." + fraction : whole;
  }

  function canonicalText(name, value) {
    if (name === "mode") return value;
    if (name === "k" || name === "p") return String(value);
    if (name === "delta") return exactDecimal(value);
    return oneDecimal(value);
  }

  function parseField(name, text) {
    if (name === "mode") return engine.parseMode(text);
    if (name === "k") return engine.parseInteger(text, engine.LIMITS.k.min, engine.LIMITS.k.max);
    if (name === "p") return engine.parseInteger(text, engine.LIMITS.p.min, engine.LIMITS.p.max);
    if (name === "delta") return engine.parseDelta(text);
    return engine.parseAlpha(text);
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

  function Lab(root) {
    this.root = root;
    this.sequence = 0;
    this.specs = JSON.parse(root.querySelector("[data-lab-specs]").textContent);
    this.defaults = this.textsOfQuery(root.getAttribute("data-default")).texts;
    this.values = {};
    this.result = null;
    this.pushNext = true;
    this.fields = {};
    var lab = this;
    FIELDS.forEach(function (name) {
      var wrapper = root.querySelector('[data-field="' + name + '"]');
      lab.fields[name] = {
        wrapper: wrapper,
        input: wrapper.querySelector("input"),
        buttons: wrapper.querySelectorAll("[data-step]"),
        error: wrapper.querySelector("[data-error-for]"),
        messages: JSON.parse(wrapper.getAttribute("data-messages")),
        places: Number(wrapper.getAttribute("data-places")),
        min: engine.parseDecimal(wrapper.getAttribute("data-min")).value,
        max: engine.parseDecimal(wrapper.getAttribute("data-max")).value,
      };
    });
    this.modes = root.querySelectorAll('input[name="mode"]');
    this.charts = {};
    this.chartMode = null;
    this.chartQueue = null;
    this.chartBusy = false;
    PARAMS.forEach(function (name) {
      lab.values[name] = parseField(name, lab.defaults[name]).value;
    });
    this.listen();
    var fromUrl = this.textsOfQuery(window.location.search);
    this.setTexts(fromUrl.texts);
    this.showNotice(fromUrl.bad);
    this.update(fromUrl.present ? "replace" : null);
    root.querySelector("[data-lab-static]").hidden = true;
    root.setAttribute("data-lab-mounted", "");
  }

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
    PARAMS.forEach(function (name) {
      var all = params.getAll(name);
      present = present || all.length > 0;
      if (all.length === 1 && parseField(name, all[0]).ok) {
        texts[name] = canonicalText(name, parseField(name, all[0]).value);
      } else {
        if (all.length > 0) bad.push(name);
        texts[name] = defaults[name] !== undefined ? defaults[name] : all[0];
      }
    });
    return { texts: texts, bad: bad, present: present };
  };

  Lab.prototype.showNotice = function (bad) {
    var notice = this.root.querySelector("[data-lab-notice]");
    if (!bad.length) {
      notice.hidden = true;
      notice.textContent = "";
      return;
    }
    notice.textContent =
      "주소에 있던 값 중 쓸 수 없는 것(" + bad.join(", ") + ")은 기본값으로 바꾸어 열었습니다.";
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

  Lab.prototype.listen = function () {
    var lab = this;
    var guard = function (handler) {
      return function (event) {
        try {
          handler.call(lab, event);
        } catch (error) {
          lab.announce("계산 중 문제가 생겨 마지막 결과를 그대로 둡니다.");
        }
      };
    };
    FIELDS.forEach(function (name) {
      var field = lab.fields[name];
      field.input.addEventListener("input", guard(function () {
        this.update(this.pushNext ? "push" : "replace");
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
        this.update(this.pushNext ? "push" : "replace");
        this.pushNext = false;
      }));
      Array.prototype.forEach.call(field.buttons, function (button) {
        button.addEventListener("click", guard(function () {
          this.step(name, Number(button.getAttribute("data-step")));
          this.update("push");
          this.pushNext = true;
        }));
      });
    });
    Array.prototype.forEach.call(this.modes, function (radio) {
      radio.addEventListener("change", guard(function () {
        this.update("push");
        this.pushNext = true;
      }));
    });
    this.root.querySelector("[data-lab-form]").addEventListener("submit", function (event) {
      event.preventDefault();
    });
    Array.prototype.forEach.call(this.root.querySelectorAll("[data-preset]"), function (button) {
      button.addEventListener("click", guard(function () {
        this.setTexts(this.textsOfQuery(button.getAttribute("data-preset")).texts);
        this.showNotice([]);
        this.update("push");
        this.pushNext = true;
      }));
    });
    window.addEventListener("popstate", guard(function () {
      var fromUrl = this.textsOfQuery(window.location.search);
      this.setTexts(fromUrl.texts);
      this.showNotice(fromUrl.bad);
      this.update(null);
      this.pushNext = true;
    }));
  };

  /**
   * Steps a field by `count` grid steps (10^-places each) from its value, or from its last
   * valid value while the text does not parse, clamped to the field's range. Exact: the
   * value is scaled to an integer count of steps with BigInt floor/ceiling.
   */
  Lab.prototype.step = function (name, count) {
    var field = this.fields[name];
    if (field.input.disabled) return;
    var parsed = parseField(name, field.input.value);
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
    field.input.value = canonicalText(name, name === "k" || name === "p" ? Number(stepped.num) : stepped);
  };

  /** Parses every field, shows each failure beside its field, and evaluates a valid state. */
  Lab.prototype.update = function (history) {
    var texts = this.texts();
    var xor = texts.mode === "xor";
    var lab = this;
    var failures = [];
    var candidate = {};
    PARAMS.forEach(function (name) {
      var parsed = parseField(name, texts[name]);
      var ignored = xor && (name === "k" || name === "p");
      if (name !== "mode") lab.showError(name, parsed.ok || ignored ? null : parsed.reason);
      if (parsed.ok) candidate[name] = parsed.value;
      else if (ignored) candidate[name] = lab.values[name];
      else failures.push(name);
    });
    this.setXor(xor);
    if (failures.length) {
      this.root.setAttribute("data-lab-stale", "");
      this.announce("입력을 확인하세요. 고치기 전까지는 마지막으로 계산한 결과를 보여 줍니다.");
      return;
    }
    var result = engine.evaluateLab(candidate);
    this.values = candidate;
    this.result = result;
    this.root.removeAttribute("data-lab-stale");
    this.render(result);
    if (history) this.writeUrl(history);
    this.sequence += 1;
    this.root.setAttribute("data-lab-sequence", String(this.sequence));
    this.root.dispatchEvent(new CustomEvent("cl:lab-updated", { detail: { sequence: this.sequence } }));
    // The state a page opens with is on screen already; only changes are announced.
    if (this.root.hasAttribute("data-lab-mounted")) {
      this.announce(
        verdictText(result.claim) + ". 최대 사건은 " + result.claim.event.direction + " 방향 " +
        eventText(result.claim.event.outputs) + ", 최소 순수 ε는 " + result.pure_epsilon.exact + "."
      );
    }
    this.queueCharts(result, this.sequence);
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

  Lab.prototype.render = function (result) {
    var root = this.root;
    var claim = root.querySelector('[data-out="claim"]');
    claim.setAttribute("data-value", result.claim.passes ? "pass" : "fail");
    claim.textContent = verdictText(result.claim);
    root.querySelector("[data-lab-results]").innerHTML = resultsHtml(result);
    root.querySelector("[data-lab-composition]").innerHTML = compositionHtml(result, result.epsilon);
    var note = root.querySelector("[data-lab-composition-note]");
    note.textContent = note.getAttribute(result.composition.queries === null ? "data-note-xor" : "data-note-composed");
    root.querySelector('[data-lab-eps="alpha"]').innerHTML = "ε = ln α = " + lnHtml(result.epsilon.claim);
    root.querySelector('[data-lab-eps="alpha0"]').innerHTML = "ε₀ = ln α₀ = " + lnHtml(result.epsilon.step);
    root.querySelector('[data-lab-caption="distribution"]').textContent = distributionCaption(result);
    root.querySelector('[data-lab-caption="profile"]').textContent = profileCaption(result);
    this.renderTables(result);
  };

  /**
   * The probability and profile tables. Both depend on the channel alone, except for the
   * "in the maximal event" column and the selected-α row; while mode, p and k stay, only
   * those cells are rewritten (at k = 100 laying out 300 fresh cells costs more than
   * everything else in an update).
   */
  Lab.prototype.renderTables = function (result) {
    var channel = result.channel;
    var key = channel.mode + " " + channel.p + " " + channel.k;
    var distribution = this.root.querySelector('[data-lab-rows="distribution"]');
    var profile = this.root.querySelector('[data-lab-rows="profile"]');
    if (key !== this.tableKey) {
      distribution.innerHTML = probabilityRows(result);
      profile.innerHTML = profileRows(result);
      this.tableKey = key;
      return;
    }
    var event = result.claim.event.outputs;
    Array.prototype.forEach.call(distribution.rows, function (row) {
      var text = event.indexOf(row.getAttribute("data-output")) >= 0 ? "예" : "아니요";
      var last = row.cells[row.cells.length - 1];
      if (last.textContent !== text) last.textContent = text;
    });
    var selected = document.createElement("tbody");
    selected.innerHTML = profileRows({ claim: result.claim, grid: { alphas: [], deltas: [] } });
    profile.replaceChild(selected.firstChild, profile.rows[0]);
  };

  Lab.prototype.announce = function (text) {
    var live = this.root.querySelector("[data-lab-live]");
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(function () {
      live.textContent = text;
    }, 400);
  };

  Lab.prototype.writeUrl = function (history) {
    var values = this.values;
    var query = PARAMS.map(function (name) {
      return name + "=" + encodeURIComponent(canonicalText(name, values[name]));
    }).join("&");
    if ("?" + query === window.location.search && history === "push") return;
    var url = window.location.pathname + "?" + query + window.location.hash;
    try {
      if (history === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    } catch (error) {
      // A sandboxed frame may refuse history changes; the lab works on without them.
    }
  };

  // ---------------------------------------------------------------------------------
  // Charts: one render at a time, always of the latest result

  Lab.prototype.queueCharts = function (result, sequence) {
    this.chartQueue = { result: result, sequence: sequence };
    if (!this.chartBusy) this.drawCharts();
  };

  Lab.prototype.drawCharts = function () {
    var lab = this;
    var job = this.chartQueue;
    if (!job) return;
    this.chartQueue = null;
    this.chartBusy = true;
    var mode = job.result.channel.mode;
    var rows = null;
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
        rows = chartRows(job.result);
        return Promise.all(
          ["distribution", "profile"].map(function (kind) {
            var view = lab.charts[kind].view;
            Object.keys(rows[kind]).forEach(function (name) {
              view.data(name, rows[kind][name]);
            });
            return view.runAsync();
          })
        );
      })
      .then(function () {
        lab.root.setAttribute("data-lab-charted", String(job.sequence));
        lab.root.dispatchEvent(new CustomEvent("cl:lab-charted", { detail: { sequence: job.sequence } }));
      })
      .catch(function () {
        // The static SVG of the default state stays; the tables carry every value.
        lab.chartMode = null;
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
        // The server-rendered default state stays readable.
      }
    });
  }

  namespace.onEveryPage(mount);
})();
