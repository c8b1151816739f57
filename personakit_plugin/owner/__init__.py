"""The owner's side: the `personakit` command, the reviews in the terminal and the browser,
export and import, migration, `connect` and `doctor`."""
