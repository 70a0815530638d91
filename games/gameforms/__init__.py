"""The web side of each game: how its hand form is read and shown, and its rule fields.

Each module has the same surface:
    ENTRY_TEMPLATE: the section of the table page where the scorekeeper enters the next hand
    HANDS_EDITABLE: whether a recorded hand can be corrected or deleted
    LIVE_BOARD: whether the board polls for changes made on other phones
    HAND_TEMPLATE: the partial that renders one hand's form (entering it and correcting it)
    SUMMARY_TEMPLATE: what the table page shows above the form (who deals, the round...)
    RULE_FIELDS: {rule key: form field} for the house rules offered when a table is made
    COLORS: [(colour, label)] players can wear, in seat order, or None
    SEAT_HELP: how seats work in this game (who deals first)
    FIELD_LABELS: {input field: label} to name a field in an error message
    form_context(table, number, inputs=None) -> what the template needs besides the rows
        (entry_title, entry_note, submit_label, choices, options in use)
    rows(table, number, inputs=None) -> what the form shows per player for hand `number`
    rows_from_post(data, table, number, base=None) -> the same, as posted (after an error)
    page_context(request, table) -> optional: more for the table page (the 24 race's pad)
    parse(data, table, base=None) -> the hand's inputs in FORMAT.md shape (raises InputError);
        base: the stored inputs of the hand being completed or corrected
"""

from . import konkan, marriage, marriage_honors, thirteen, twentyfour

HAND_FORMS = {"marriage": marriage, "marriage-honors": marriage_honors, "konkan": konkan, "thirteen": thirteen,
              "twentyfour": twentyfour}
