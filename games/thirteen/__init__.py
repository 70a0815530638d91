"""Thirteen on the web: players in colours, each round's bids saved first, then its books."""
