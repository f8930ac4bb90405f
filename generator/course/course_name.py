"""The course's own name, in the forms its identifiers take.

The course is called Composition Lab (``site_name`` in mkdocs.yml); its composition lesson is
``composition``, a slug like every other lesson's. Every identifier that names the course, not a
lesson, is built from :data:`SLUG`: the quiz's storage keys and choice seed, the build cache's
header, the offline folder, the package files and the SCORM course id. Browser code names its
namespace ``window.CompositionLab`` and its view meta ``composition-lab-view`` after the same name.

These names are in learners' browsers and in LMSs: a saved quiz answer is found by its storage
key and an attempt by the course id, so they stay as they are.
"""

from __future__ import annotations

NAME = "Composition Lab"
SLUG = "composition-lab"
