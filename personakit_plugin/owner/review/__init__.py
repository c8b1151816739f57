"""The reviews: `personakit review` in the terminal (`terminal.py`) or the browser (`web.py`, its page
`page.html`), what both share (`shared.py`), which memory a proposal may replace (`updates.py`), and what
one connection proposed in a span of time (`bulk.py`), which the decision commands use too."""
