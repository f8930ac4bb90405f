"""The course machinery: placeholders, blocks, quiz, KaTeX, assets, checks, build, packaging.

Generic over lessons: it finds them under :mod:`generator.lessons` and imports no lesson by name.
"""
