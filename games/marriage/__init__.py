"""Nepali Marriage on the web: the hand form (statuses, maal typed or counted) and the maal counter."""
