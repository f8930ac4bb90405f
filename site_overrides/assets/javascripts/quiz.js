/*
 * The lesson quiz: checking, feedback, the score and saved answers on top of markup that
 * already works without JavaScript (generator/quiz.py writes it, with every sentence).
 *
 * Markup contract: a <form data-quiz="<lesson>" data-quiz-key="<storage key>"> holding
 * <fieldset data-question="<id>" data-answer="<index>"> elements, each with radio
 * inputs (value = choice index), a check button [data-check] (hidden until this script
 * shows it), a [data-feedback] line (aria-live), a <details data-explanation>, and a
 * checkbox [data-learned]; then [data-score], [data-storage-note], a reset button and
 * [data-reset-note]. The sentences shown come from the form's data-text-* attributes.
 *
 * Grading. Choosing an option (with the mouse, or the arrow keys that move a radio
 * group's selection) grades nothing. A question's check button commits the chosen option,
 * and the FIRST committed answer of each question is the graded one: it makes the score
 * shown here and the one a course package reports. Later checks show feedback for the
 * newer answer only.
 *
 * Saved state, under the form's key:
 *   {"first": {"<id>": <index>}, "last": {"<id>": <index>}, "learned": ["<id>"]}
 *   first    the graded answer of each question checked at least once;
 *   last     the latest checked answer, the one shown with its feedback; only for a
 *            question that has a first answer (a "last" alone was never graded);
 *   learned  the questions marked as learned.
 * Each part is written in question order, so equal states save as equal text. Anything
 * else found there (not JSON, another shape, unknown fields or ids, out-of-range choices,
 * a "last" without its "first") is ignored; the quiz starts from what is left, or from
 * nothing, and says so with data-text-discarded.
 *
 * Reset ("다시 풀기"). It starts a new attempt: every answer and mark is cleared. A course
 * package that reports the results to an LMS (scorm.js) says so first, by calling
 * CompositionLab.quiz.reportResults(). From then on, in a quiz whose every question has a
 * first answer (its result is reported), the reset only clears the latest answers and the
 * current choices, for practice; first answers, score and learned marks stay, and
 * data-text-reset-keeps says so. A reset therefore never changes a reported result.
 *
 * After mounting and after every check, mark or reset the form dispatches a bubbling
 * "cl:quiz-change" CustomEvent with detail {lessonId, answered, correct, learned, total,
 * state}, where answered and correct count first answers; a course package listens for it
 * to report the score.
 */
(function () {
  "use strict";

  var lab = (window.CompositionLab = window.CompositionLab || {});
  var noStorage = {
    get: function () {
      return null;
    },
    has: function () {
      return false;
    },
    set: function () {
      return false;
    },
    remove: function () {
      return false;
    },
  };
  var FIELDS = ["first", "last", "learned"];
  var mounted = [];
  var reporting = false; // true once a course package reports the first answers

  function isRecord(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function has(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  function emptyState() {
    return { first: {}, last: {}, learned: [] };
  }

  function readQuestion(fieldset) {
    return {
      id: fieldset.getAttribute("data-question"),
      answer: Number(fieldset.getAttribute("data-answer")),
      fieldset: fieldset,
      radios: Array.prototype.slice.call(fieldset.querySelectorAll('input[type="radio"]')),
      check: fieldset.querySelector("[data-check]"),
      feedback: fieldset.querySelector("[data-feedback]"),
      explanation: fieldset.querySelector("[data-explanation]"),
      learned: fieldset.querySelector("[data-learned]"),
    };
  }

  function isChoice(question, value) {
    return Number.isInteger(value) && value >= 0 && value < question.radios.length;
  }

  /**
   * What of a stored value fits this quiz: {state, complete}. `state` is null when the
   * value is not a state at all; `complete` is false when anything stored was left out.
   */
  function normalizer(questions) {
    return function (value) {
      if (!isRecord(value)) return { state: null, complete: false };
      var first = has(value, "first") ? value.first : {};
      var last = has(value, "last") ? value.last : {};
      var learned = has(value, "learned") ? value.learned : [];
      if (!isRecord(first) || !isRecord(last) || !Array.isArray(learned)) return { state: null, complete: false };
      var state = emptyState();
      questions.forEach(function (question) {
        var id = question.id;
        if (has(first, id) && isChoice(question, first[id])) {
          state.first[id] = first[id];
          if (has(last, id) && isChoice(question, last[id])) state.last[id] = last[id];
        }
        if (learned.indexOf(id) !== -1) state.learned.push(id);
      });
      var complete =
        Object.keys(value).every(function (field) {
          return FIELDS.indexOf(field) !== -1;
        }) &&
        Object.keys(first).length === Object.keys(state.first).length &&
        Object.keys(last).length === Object.keys(state.last).length &&
        learned.length === state.learned.length;
      return { state: state, complete: complete };
    };
  }

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return has(values, name) ? String(values[name]) : whole;
    });
  }

  /** Set a live region's text only when it changes, so unchanged lines are not announced again. */
  function say(element, text) {
    if (element && element.textContent !== text) element.textContent = text;
  }

  function Quiz(form) {
    this.form = form;
    this.lessonId = form.getAttribute("data-quiz") || "";
    this.key = form.getAttribute("data-quiz-key");
    // Without a key (or without storage.js) the quiz still works, in memory only.
    this.storage = this.key && lab.storage ? lab.storage : noStorage;
    this.questions = Array.prototype.map.call(form.querySelectorAll("[data-question]"), readQuestion);
    this.normalize = normalizer(this.questions);
    this.score = form.querySelector("[data-score]");
    this.storageNote = form.querySelector("[data-storage-note]");
    this.resetNote = form.querySelector("[data-reset-note]");
    this.state = emptyState();
    this.saved = null; // unknown until the first save
    this.discarded = false; // stored text that could not be (wholly) read, until replaced
  }

  Quiz.prototype.text = function (name) {
    return this.form.getAttribute("data-text-" + name) || "";
  };

  /** Once a course package reports results, a quiz with every first answer keeps them. */
  Quiz.prototype.keepsFirstAnswers = function () {
    var first = this.state.first;
    return (
      reporting &&
      this.questions.every(function (question) {
        return has(first, question.id);
      })
    );
  };

  /** `map` with `id` set to `value`, its keys in question order. */
  Quiz.prototype.withAnswer = function (map, id, value) {
    var next = {};
    this.questions.forEach(function (question) {
      if (question.id === id) next[id] = value;
      else if (has(map, question.id)) next[question.id] = map[question.id];
    });
    return next;
  };

  Quiz.prototype.summary = function () {
    var first = this.state.first;
    var answered = 0;
    var correct = 0;
    this.questions.forEach(function (question) {
      if (!has(first, question.id)) return;
      answered += 1;
      if (first[question.id] === question.answer) correct += 1;
    });
    return {
      lessonId: this.lessonId,
      answered: answered,
      correct: correct,
      learned: this.state.learned.length,
      total: this.questions.length,
      state: JSON.parse(JSON.stringify(this.state)),
    };
  };

  /** The feedback line: the latest checked answer, and the graded one when it differs. */
  Quiz.prototype.feedback = function (question) {
    var state = this.state;
    if (!has(state.first, question.id)) return "";
    var first = state.first[question.id];
    var graded = this.text(first === question.answer ? "first-correct" : "first-wrong");
    if (!has(state.last, question.id)) return graded;
    var last = state.last[question.id];
    var latest = this.text(last === question.answer ? "correct" : "wrong");
    return last === first ? latest : latest + " " + graded;
  };

  /**
   * The radios as saved (the latest checked answers). Only on load and reset: a check
   * must leave the options still being chosen in other questions alone.
   */
  Quiz.prototype.showChoices = function () {
    var last = this.state.last;
    this.questions.forEach(function (question) {
      var chosen = has(last, question.id) ? last[question.id] : -1;
      question.radios.forEach(function (radio, index) {
        radio.checked = index === chosen;
      });
    });
  };

  Quiz.prototype.render = function () {
    var quiz = this;
    var state = this.state;
    this.questions.forEach(function (question) {
      var graded = has(state.first, question.id);
      var shown = has(state.last, question.id) ? state.last[question.id] : -1;
      var right = shown === question.answer;
      question.radios.forEach(function (radio, index) {
        var label = radio.closest("label");
        if (!label) return;
        label.classList.toggle("cl-choice--correct", index === shown && right);
        label.classList.toggle("cl-choice--wrong", index === shown && !right);
      });
      question.fieldset.setAttribute("data-state", shown === -1 ? "open" : right ? "correct" : "wrong");
      say(question.feedback, quiz.feedback(question));
      if (question.explanation) {
        if (!graded) {
          question.explanation.open = false;
          question.explanation.hidden = true;
        } else if (question.explanation.hidden) {
          question.explanation.hidden = false;
          question.explanation.open = true;
        }
      }
      if (question.learned) question.learned.checked = state.learned.indexOf(question.id) !== -1;
    });
    var summary = this.summary();
    if (this.score) {
      say(this.score, fill(this.text("score"), summary));
      this.score.hidden = false;
    }
    var notes = [];
    if (this.discarded) notes.push(this.text("discarded"));
    if (this.saved !== null) notes.push(this.text(this.saved ? "saved" : "unsaved"));
    if (this.storageNote) {
      this.storageNote.textContent = notes.join(" ");
      this.storageNote.hidden = notes.length === 0;
    }
    if (this.resetNote) {
      var keeps = this.keepsFirstAnswers();
      say(this.resetNote, keeps ? this.text("reset-keeps") : "");
      this.resetNote.hidden = !keeps;
    }
    return summary;
  };

  Quiz.prototype.announce = function (summary) {
    this.form.dispatchEvent(new CustomEvent("cl:quiz-change", { bubbles: true, detail: summary }));
  };

  /** Show the state, and tell listeners; `save` also writes it to storage. */
  Quiz.prototype.commit = function (save) {
    if (save) {
      this.saved = this.storage.set(this.key, this.state);
      this.discarded = false;
    }
    this.announce(this.render());
  };

  Quiz.prototype.load = function () {
    var stored = this.storage.get(this.key);
    var read = stored === null ? { state: null, complete: false } : this.normalize(stored);
    this.discarded = this.storage.has(this.key) && !read.complete;
    this.state = read.state || emptyState();
    this.showChoices();
    this.commit(false);
  };

  Quiz.prototype.reset = function () {
    if (this.keepsFirstAnswers()) {
      // The result is reported: this reset is practice, and the graded answers stay.
      this.state = { first: this.state.first, last: {}, learned: this.state.learned };
      this.showChoices();
      this.commit(true);
      return;
    }
    this.state = emptyState();
    this.discarded = false;
    var removed = this.storage.remove(this.key);
    if (this.saved !== null) this.saved = removed;
    this.showChoices();
    this.commit(false);
  };

  /** Commit the question's chosen option: graded if it is the first, feedback either way. */
  Quiz.prototype.check = function (question) {
    var chosen = question.radios.filter(function (radio) {
      return radio.checked;
    })[0];
    if (!chosen) {
      say(question.feedback, this.text("choose"));
      return;
    }
    var choice = Number(chosen.value);
    if (!isChoice(question, choice)) {
      console.error("quiz: option value " + JSON.stringify(chosen.value) + " of " + question.id + " is no choice");
      return;
    }
    if (!has(this.state.first, question.id)) {
      this.state.first = this.withAnswer(this.state.first, question.id, choice);
    }
    this.state.last = this.withAnswer(this.state.last, question.id, choice);
    this.commit(true);
  };

  Quiz.prototype.onLearned = function (checkbox) {
    var fieldset = checkbox.closest("[data-question]");
    if (!fieldset) return;
    var id = fieldset.getAttribute("data-question");
    var before = this.state.learned;
    // Rebuilt in question order, so equal marks always save as equal text.
    this.state.learned = this.questions
      .map(function (question) {
        return question.id;
      })
      .filter(function (questionId) {
        return questionId === id ? checkbox.checked : before.indexOf(questionId) !== -1;
      });
    this.commit(true);
  };

  Quiz.prototype.listen = function () {
    var quiz = this;
    this.questions.forEach(function (question) {
      if (!question.check) return;
      question.check.hidden = false;
      question.check.addEventListener("click", function () {
        quiz.check(question);
      });
    });
    // A change of option grades nothing; only the learned marks save on change.
    this.form.addEventListener("change", function (event) {
      if (event.target.hasAttribute("data-learned")) quiz.onLearned(event.target);
    });
    this.form.addEventListener("reset", function (event) {
      event.preventDefault();
      quiz.reset();
    });
    this.form.addEventListener("submit", function (event) {
      event.preventDefault();
    });
  };

  function mountAll(scope) {
    mounted = mounted.filter(function (quiz) {
      return quiz.form.isConnected;
    });
    Array.prototype.forEach.call(scope.querySelectorAll("form[data-quiz]"), function (form) {
      if (form.hasAttribute("data-quiz-mounted")) return;
      form.setAttribute("data-quiz-mounted", "");
      var quiz = new Quiz(form);
      quiz.listen();
      quiz.load();
      mounted.push(quiz);
    });
  }

  lab.quiz = {
    /** A course package reports the quizzes' first answers from now on (see Reset above). */
    reportResults: function () {
      reporting = true;
      mounted.forEach(function (quiz) {
        if (quiz.form.isConnected) quiz.render();
      });
    },
  };

  // Another storage backend (a course package's) may hold other answers: reload them.
  document.addEventListener("cl:storage-backend", function () {
    mounted.forEach(function (quiz) {
      if (quiz.form.isConnected) quiz.load();
    });
  });

  // storage.js provides onEveryPage; without it, scripts at the end of <body> see the page.
  if (lab.onEveryPage) lab.onEveryPage(mountAll);
  else mountAll(document);
})();
