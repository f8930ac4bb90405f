"""The exact core: finite channels as exact laws, privacy profiles, claims, pure ε, composition.

Pure functions over exact fractions, with no I/O: they know no lesson and no site.
"""
