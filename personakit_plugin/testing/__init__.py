"""A kit for testing PersonaKit plugins, loaded by pytest as the `personakit` plugin.

Fixtures (available in any pytest run once PersonaKit is installed):

- `personakit_data_dir`: a throwaway data folder.
- `personakit_make_kit(*plugins, folder=None, environ=None)`: open a `PersonaKit` on
  `personakit_data_dir` with the default plugins and `plugins` registered (installed
  third-party plugins are left out unless `environ` says otherwise). Closed afterwards.
- `id_of(store, text)`: the id a new memory of `text` gets in `store` (ids are keyed per store).
- `plugins_listed(**environ)`: `personakit plugins --json` in its own process, by plugin name: whether the owner
  sees your plugin loaded, at which version, with which hooks.
- `personakit_kit`: one such kit with the defaults alone.
- `personakit_client`: the official MCP client connected in-process to a server with
  PersonaKit's tools on `personakit_kit` (use in `async` tests with `@pytest.mark.anyio`).

Contract suites, to subclass in a test module (pytest collects the inherited tests):

- `StoreContract`: every storage backend passes it. Provide `open_store(self, where)`, which
  opens a store on the data kept at `where` (a fresh temporary folder per test); it is called
  more than once to get several stores on the same data, as several processes would.
- `RedactionContract`: every redaction hook masks exactly what it should. Provide `plugin` and
  `targets`, strings your hook must mask whole; each is put at the start, in the middle and at
  the end of texts, next to letters, digits, punctuation, spaces and non-ASCII text, and the masks
  must hide exactly its span. (`samples`, texts your hook masks something in, still work.)
- `RankingContract`: every ranking hook keeps what any order must keep (the hook defines "best"):
  only the candidates given, each at most once, the same answer in any input order, nothing for
  no candidates, and a real read that passes its checks. Provide `plugin`.
- `RefusalContract`: every refusal hook keeps the propose contract's refusals. Provide `plugin`,
  `refused` (proposals it must refuse) and `allowed` (ordinary sentences it must let through),
  each a string or a `(text, quote)` pair.
- `RetrievalContract`: every retrieval hook brings only documents the kit gave, scored, best
  first, within the limit; nothing when nothing is relevant; nothing outside the view or matched
  by a waiting quote; nothing rejected or restricted elsewhere at its next answer; an answer, never
  an exception, to hostile questions (none for a question without a word or of words nobody knows);
  and to each of several connections (two data folders, two views) only what it can see. Provide
  `plugin`, `question`, `relevant` (texts it must bring for it) and `unrelated` (texts it must not).

For a store whose `top_matches` ranks on an in-memory word index (`MemoryIndex`) as well as in SQL:
`index_agreement`, histories of writes by two stores on one database (`histories`, a hypothesis
strategy), each step written (`write`), and `assert_agrees`, that both rankings answer the same in every
view.
"""

from personakit_plugin.testing import index_agreement
from personakit_plugin.testing.fixtures import (
    Clock,
    id_of,
    personakit_client,
    personakit_data_dir,
    personakit_kit,
    personakit_make_kit,
    plugins_listed,
)
from personakit_plugin.testing.hook_contracts import (
    RankingContract,
    RedactionContract,
    RefusalContract,
    RetrievalContract,
)
from personakit_plugin.testing.store_contract import StoreContract

__all__ = [
    "Clock",
    "RankingContract",
    "RedactionContract",
    "RefusalContract",
    "RetrievalContract",
    "StoreContract",
    "id_of",
    "index_agreement",
    "personakit_client",
    "personakit_data_dir",
    "personakit_kit",
    "personakit_make_kit",
    "plugins_listed",
]
