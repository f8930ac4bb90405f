"""One subpackage per lesson, each exposing ``LESSON`` (see :mod:`generator.course.lessons`)."""
