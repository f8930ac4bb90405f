"""The composition lesson: its catalogue, quiz, figures, cards and lab."""
