"""Writing tables and hands: validate with the engine, save in one transaction, recompute;
one module per concern."""
