"""Konkan on the web: the hand form, and the set tracker (each set checked as it is laid down)."""
