"""Marriage with honors on the web: the honors form, who deals, cuts and leads as players sit out."""
