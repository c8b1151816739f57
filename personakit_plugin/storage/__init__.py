"""Storage: the SQLite store (the default) and the row helpers any SQL backend shares."""
