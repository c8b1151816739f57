"""PersonaKit's tests, one folder for each part of the package they test.

core (the kit, reads, proposals, ranking, hooks, words), storage (the SQLite store, its faults and
concurrency), plugins (the default plugins: e-mail masking, credentials and secrets), serving (stdio, HTTP,
MCP, mount), owner (the command line, connect and doctor, the reviews, export and import), author_kit (the
kit for plugin authors and its contract suites), privacy (erasure, the boundary, what a read or an index can
give away) and project (docs, architecture, packaging, markers). conftest.py, helpers/, data/ and corpus/
are shared by all of them.
"""
