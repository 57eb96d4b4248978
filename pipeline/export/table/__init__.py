"""One hand as a table that steps through it, in one self-contained HTML document (no
server, no network): the stored rows read as steps (steps), the chips moved action by
action (chips), the frames drawn (frames), the all-in equities (runout), the SVG and
its script (table_view)."""
