"""What changed in a hand, field by field, for the history pages."""


def differences(before, after):
    """(player or "", field, old, new) for every input that differs; None where there was none."""
    before, after = before or {}, after or {}
    rows = []
    for player in list(dict.fromkeys([*before, *after])):
        old, new = before.get(player) or {}, after.get(player) or {}
        for field in list(dict.fromkeys([*old, *new])):
            if old.get(field) != new.get(field):
                rows.append(("" if player == "_hand" else player, field, old.get(field), new.get(field)))
    return rows
