"""Call Break on the web: four players in colours, each round's calls saved first, then its tricks."""
