"""Thin views: read the form, let the engine and services do the work, render; one module per
concern."""
