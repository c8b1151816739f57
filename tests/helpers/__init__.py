"""What several test modules share, one place for each: the owner's command line (`cli`), the server over
stdio (`stdio`) and over HTTP (`http`), a pseudo-terminal (`terminal`), files searched for erased text
(`erasure`), fake installed plugins (`installed`) and patterns timed on adversarial text
(`backtracking`). Fixtures and the data-folder helpers live in `tests/conftest.py`; no test module
imports from another."""
