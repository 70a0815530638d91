"""Tarneeb on the web: two teams of partners, each hand told by its bidder, the bid and the tricks."""
