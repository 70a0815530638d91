"""The web side of each game: how its hand form is read and shown, and its rule fields.

Each module has the same surface:
    HAND_TEMPLATE: the partial that renders one hand's form
    RULE_FIELDS: {rule key: form field} for the house rules offered when a table is made
    FIELD_LABELS: {input field: label} to name a field in an error message
    form_context(table) -> what the template needs besides the rows (choices, options in use)
    rows(table, inputs=None) -> what the hand form shows per player
    parse(data, table) -> the hand's inputs in FORMAT.md shape (raises InputError)
"""

from . import marriage

HAND_FORMS = {"marriage": marriage}
