-- A tenant's credit and debit note numbering (docs/notes.md, "Numbering"): { credit: { prefix, from, to },
-- debit: { … } }; NULL keeps the defaults (NC and ND, 1–9999999999).
ALTER TABLE tenants ADD COLUMN note_numbering jsonb;
