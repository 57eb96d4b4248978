"""Files into the store: found and read, split in units of work, parsed, judged and flattened into rows, written."""
