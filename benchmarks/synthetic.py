"""Deterministic synthetic memories, questions and proposals for the PersonaKit benchmark.

Everything here comes from a seeded `random.Random`, so the same size and seed give the same store
on every machine: first-person-sourced statements about one owner, drawn from templates such as
"Prefers {tool} over {tool2} for {task}", each with one to four quotes in the owner's own words
(a few with an e-mail address, a few longer than the 240 characters a read shows), and the owner's
decisions mixed in: about 40% approved, 35% unconfirmed, 15% restricted and 10% rejected, applied
with `SqliteStore.decide_many`.

`build_store` writes a store through the store API: `SqliteStore.bulk_propose` for every memory
and every later quote (one transaction, with the semantics of `propose` repeated), then the owner's
decisions with `decide_many`, a few hundred at a time; the memories the owner rejects are proposed
and rejected (one `decide_many`, so one erasure) before the others are proposed. It turns
`synchronous` off on the store's connection while it builds, because the figures measured later do
not depend on how the file was written, only on what is in it; the bulk-import figure in `run.py`
is measured separately, with the store's own durable settings.
`cached_store` builds it once into a cache folder (the layout of `run.py --cache-dir`) and reuses it
after; `pick_questions` splits the questions into the typical ones and the worst one for that
store; and `write_plain_rows` writes the rows of a bulk import with plain `executemany`, the
baseline beside `bulk_propose`. The PostgreSQL copies of these stores are made by `pg.py`.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from personakit_plugin.core.words import content_words, id_key, memory_id, normalise
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore, _word_hasher

GENERATOR_VERSION = 3  # 2: schema 4 (hashed word index, rowid quotes); 3: bulk_propose builder, rounds past 522,847
DEFAULT_SEED = 20240611
EPOCH = 1_700_000_000.0  # the first proposal's time; later events follow a minute or so apart

STATE_WEIGHTS = (("approved", 40), ("unconfirmed", 35), ("restricted", 15), ("rejected", 10))
QUOTE_COUNT_WEIGHTS = ((1, 30), (2, 35), (3, 25), (4, 10))

# fmt: off
FILLERS: dict[str, tuple[str, ...]] = {
    "tool": (
        "vim", "Emacs", "VS Code", "PyCharm", "Obsidian", "Notion", "Jira", "Linear", "Figma", "Excel",
        "Google Sheets", "Postgres", "SQLite", "Docker", "Kubernetes", "Terraform", "Git", "GitHub",
        "GitLab", "Slack", "Zoom", "Trello", "Asana", "Bear", "Logseq", "Zotero", "LaTeX", "Overleaf",
        "Jupyter", "RStudio", "Tableau", "Airtable", "Todoist", "OmniFocus", "iTerm", "tmux", "zsh", "fish",
        "Homebrew", "Nix", "Poetry", "uv", "pytest", "Black", "Ruff", "mypy", "Sentry", "Grafana",
        "Datadog", "Postman", "Miro", "Loom", "Keynote", "PowerPoint", "Word", "Google Docs", "Dropbox",
        "Firefox", "Safari", "Chrome", "Anki", "Things", "Bruno", "DBeaver", "Neovim",
    ),
    "task": (
        "code review", "writing documentation", "data analysis", "debugging", "note taking",
        "project planning", "quick prototypes", "writing tests", "presentations", "budgeting",
        "research reading", "drafting emails", "sprint planning", "incident response", "refactoring",
        "design work", "interview prep", "onboarding new hires", "grant writing", "release notes",
        "bug triage", "performance tuning", "database migrations", "lecture slides", "travel planning",
        "meal planning", "language practice", "journaling", "photo editing", "expense reports",
        "quarterly reports", "literature reviews", "pair programming", "architecture sketches",
    ),
    "lang": (
        "Python", "Rust", "Go", "TypeScript", "JavaScript", "Kotlin", "Swift", "Java", "C", "C++",
        "Haskell", "OCaml", "Elixir", "Ruby", "Scala", "Julia", "R", "SQL", "Bash", "Lua", "Zig",
    ),
    "style": (
        "type hints everywhere", "small pure functions", "early returns", "few dependencies",
        "descriptive names", "thorough docstrings", "property-based tests", "no clever one-liners",
        "short modules", "explicit error handling", "formatted by the standard tool", "tests first",
    ),
    "time": (
        "the mornings", "the late evenings", "the early afternoons", "long quiet blocks", "short bursts",
        "the first hour of the day", "weekend mornings", "the hour after lunch",
    ),
    "part_of_day": (
        "morning", "afternoon", "evening", "late night",
    ),
    "food": (
        "peanuts", "shellfish", "gluten", "dairy", "eggs", "soy", "sesame", "mushrooms", "cilantro",
        "spicy food", "red meat", "pork", "tree nuts", "raw onions", "blue cheese", "anchovies",
    ),
    "city": (
        "Lisbon", "Berlin", "Toronto", "Nairobi", "Osaka", "Melbourne", "Porto", "Montreal", "Seoul",
        "Austin", "Edinburgh", "Valencia", "Lyon", "Krakow", "Bogotá", "Zürich", "Malmö", "São Paulo",
        "Reykjavík", "Dublin", "Boston", "Chicago", "Denver", "Oslo", "Vienna", "Prague", "Mexico City",
        "Cape Town", "Singapore", "Taipei", "Kraków", "Gdańsk", "Tromsø", "Wellington",
    ),
    "role": (
        "backend engineer", "data scientist", "product manager", "high school teacher", "nurse",
        "research assistant", "technical writer", "designer", "site reliability engineer", "accountant",
        "lab technician", "journalist", "consultant", "support engineer", "architect", "translator",
        "paralegal", "statistician", "QA engineer", "project coordinator",
    ),
    "company_kind": (
        "startup", "bank", "hospital", "university", "newspaper", "logistics company", "game studio",
        "public library", "insurance firm", "nonprofit", "consultancy", "city council", "biotech lab",
        "retailer", "airline", "museum", "school district", "energy company",
    ),
    "field": (
        "physics", "linguistics", "economics", "mechanical engineering", "biology", "philosophy",
        "statistics", "computer science", "history", "chemistry", "music", "architecture", "nursing",
        "mathematics", "psychology", "geography", "political science", "graphic design",
    ),
    "hobby": (
        "bouldering", "sourdough baking", "trail running", "chess", "birdwatching", "woodworking",
        "cycling", "sketching", "gardening", "board games", "swimming", "pottery", "hiking", "photography",
        "knitting", "salsa dancing", "sailing", "piano", "rowing", "climbing",
    ),
    "tone": (
        "direct", "blunt", "gentle", "brief", "detailed", "practical", "encouraging", "candid", "specific",
        "concise", "structured", "informal", "honest", "calm",
    ),
    "format": (
        "bullet points", "a short paragraph", "a table", "a one-line summary", "numbered steps",
        "a diagram", "plain text", "Markdown", "a checklist", "a worked example",
    ),
    "channel": (
        "email", "Slack", "a phone call", "a video call", "text messages", "a shared doc",
        "a comment on the ticket", "a voice note", "Signal",
    ),
    "topic": (
        "deadlines", "budget questions", "hiring", "code reviews", "travel plans", "health matters",
        "family logistics", "salary", "project status", "design decisions", "on-call schedules",
        "vendor contracts", "performance reviews", "conference talks", "school events", "rent",
    ),
    "person": (
        "manager", "partner", "sister", "brother", "mother", "father", "team lead", "clients", "landlord",
        "doctor", "students", "neighbours", "co-founder", "direct reports", "grandmother",
    ),
    "day": (
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ),
    "hour": (
        "8 am", "9 am", "9:30", "10 am", "10:30", "11 am", "noon",
    ),
    "drink": (
        "black coffee", "green tea", "oat milk lattes", "sparkling water", "espresso", "rooibos", "matcha",
        "decaf", "mint tea", "cold brew",
    ),
    "language": (
        "Spanish", "Portuguese", "German", "Japanese", "French", "Italian", "Korean", "Mandarin", "Swahili",
        "Dutch", "Polish", "Greek", "Arabic", "Hindi", "Turkish", "Icelandic",
    ),
    "pet": (
        "cat", "dog", "rabbit", "parrot", "tortoise", "greyhound", "goldfish", "hamster",
    ),
    "name": (
        "Miso", "Pepper", "Juniper", "Biscuit", "Otto", "Luna", "Mochi", "Ziggy", "Clementine", "Basil",
        "Nori", "Pixel", "Waffles", "Tofu", "Hazel", "Rocket", "Pistachio", "Fig",
    ),
    "team": (
        "platform", "data", "mobile", "payments", "search", "infrastructure", "security", "growth",
        "design systems", "billing", "research", "support tooling", "analytics", "frontend",
    ),
    "month": (
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ),
    "event": (
        "a conference", "client workshops", "a family visit", "the team offsite", "a hackathon",
        "a board meeting", "a music festival", "a trade fair", "a wedding",
    ),
    "dislike": (
        "long meetings", "surprise calls", "open-plan offices", "vague tickets", "late-night deploys",
        "all-hands slides", "busy group chats", "meetings without an agenda", "last-minute changes",
        "read receipts", "status meetings", "long email threads",
    ),
    "device": (
        "a standing desk", "two monitors", "a split keyboard", "a trackball", "noise-cancelling headphones",
        "a paper notebook", "an e-ink tablet", "a laptop stand", "a vertical mouse", "a small tablet",
    ),
    "year": tuple(str(year) for year in range(2008, 2025)),
    "first": (
        "alex", "sam", "maria", "jo", "lee", "noor", "kai", "ines", "tomas", "priya",
    ),
    "last": (
        "kowalski", "silva", "tanaka", "okafor", "berg", "moreau", "quinn", "haddad", "novak",
    ),
    "domain": (
        "example.org", "mail.example.com", "posteo.example", "uni-example.edu", "example.net",
    ),
}
# fmt: on

# (category, text template, quote templates). A quote is the owner speaking in the first person.
# fmt: off
TEMPLATES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("tools", "Prefers {tool} over {tool2} for {task}", (
        "For {task} I always go with {tool}; {tool2} just gets in my way.",
        "I really prefer {tool} to {tool2} when it comes to {task}.",
        "Please don't suggest {tool2} for {task}, I use {tool} for that.",
    )),
    ("tools", "Uses {tool} for {task} at work", (
        "At work I do all my {task} in {tool}.",
        "I've been using {tool} for {task} for years now.",
        "My {task} happens in {tool}, that's where everything is.",
    )),
    ("tools", "Writes {lang} with {style}", (
        "When I write {lang} I want {style}, no exceptions.",
        "My {lang} code always has {style}, that's how I work.",
    )),
    ("tools", "Is learning {lang} to get better at {task}", (
        "I'm picking up {lang} so I can get better at {task}.",
        "I started learning {lang} because of all the {task} I do.",
    )),
    ("tools", "Keeps notes in {tool} organised by {topic}", (
        "All my notes live in {tool}, sorted by {topic}.",
        "I organise everything in {tool} around {topic}.",
    )),
    ("work-style", "Works with {device} and {device2}", (
        "I can't work properly without {device} and {device2}.",
        "My setup is {device} plus {device2}, nothing fancy.",
    )),
    ("communication", "Likes feedback to be {tone} and {tone2}", (
        "Be {tone} with me, and keep it {tone2}.",
        "I'd rather get {tone}, {tone2} feedback than anything sugar-coated.",
        "I want feedback that is {tone} and {tone2}, please.",
    )),
    ("communication", "Wants answers as {format} rather than {format2}", (
        "Give me {format}, not {format2}, please.",
        "I read {format} much faster than {format2}.",
    )),
    ("communication", "Prefers {channel} over {channel2} for {topic}", (
        "For {topic} just use {channel}, not {channel2}.",
        "I never check {channel2} for {topic}; {channel} is the way to reach me.",
    )),
    ("communication", "Talks to their {person} in {language}", (
        "With my {person} I always speak {language}.",
        "I talk to my {person} in {language}, always have.",
    )),
    ("communication", "Does not want messages about {topic} on {day}s", (
        "Please don't bother me about {topic} on {day}s.",
        "I switch off from {topic} every {day}, so no messages then.",
    )),
    ("work-style", "Works best on {task} in {time}", (
        "I do my best {task} in {time}.",
        "Honestly {time} are when {task} goes well for me.",
    )),
    ("work-style", "Blocks {day} afternoons for {task}", (
        "I keep {day} afternoons free for {task}, every week.",
        "No meetings on {day} afternoons, that's my {task} time.",
    )),
    ("work-style", "Reviews pull requests for the {team} team every {day}", (
        "Every {day} I go through the {team} team's pull requests.",
        "I'm the one reviewing the {team} team's pull requests on {day}s.",
    )),
    ("work-style", "Plans the week with the {team} team on {day} mornings", (
        "We plan the week with the {team} team every {day} morning.",
        "I do planning with the {team} team on {day} mornings.",
    )),
    ("work-style", "Dislikes {dislike} and avoids them at work", (
        "I can't stand {dislike}, please help me avoid them.",
        "I avoid {dislike} whenever I can at work.",
    )),
    ("work-style", "Takes notes on paper in meetings with the {team} team", (
        "In meetings with the {team} team I write everything on paper.",
        "I take paper notes whenever I'm in a {team} team meeting.",
    )),
    ("preferences", "Drinks {drink} in the {part_of_day}", (
        "I always have {drink} in the {part_of_day}.",
        "{drink} every {part_of_day}, that's my routine.",
    )),
    ("preferences", "Enjoys {hobby} on weekends", (
        "Weekends are for {hobby}, that's my thing.",
        "I spend most weekends doing {hobby}.",
    )),
    ("preferences", "Plans a trip to {city} in {month} for {hobby}", (
        "I'm going to {city} in {month}, mostly for the {hobby}.",
        "I want to do some {hobby} when I'm in {city} this {month}.",
    )),
    ("preferences", "Likes working from cafés in {city}", (
        "I love working from a café when I'm in {city}.",
        "In {city} I always find a café to work from.",
    )),
    ("background", "Worked as a {role} at a {company_kind} in {city}", (
        "I spent a few years as a {role} at a {company_kind} in {city}.",
        "Back in {city} I was a {role} at a {company_kind}.",
    )),
    ("background", "Has a degree in {field} from a university in {city}", (
        "I studied {field} in {city}.",
        "My degree is in {field}, from a university in {city}.",
    )),
    ("background", "Grew up in {city} speaking {language}", (
        "I grew up in {city}, and we spoke {language} at home.",
        "Growing up in {city}, {language} was the language at home.",
    )),
    ("other", "Has a {pet} named {name}", (
        "My {pet} is called {name}.",
        "I have a {pet}, {name}, who runs the house.",
    )),
    ("constraints", "Cannot eat {food}", (
        "I can't eat {food}, I'm allergic.",
        "No {food} for me, ever: doctor's orders.",
    )),
    ("constraints", "Cannot take meetings before {hour} on {day}s", (
        "I can't do any meetings before {hour} on {day}s, I'm on the school run.",
        "Nothing before {hour} on {day}s, please.",
    )),
    ("constraints", "Keeps {topic} private from the {team} team", (
        "Please never mention {topic} to anyone on the {team} team.",
        "The {team} team must not hear about {topic} from me.",
    )),
    ("constraints", "Needs {format} about {topic} before talking to their {person}", (
        "Before I talk to my {person} about {topic} I need {format}.",
        "Give me {format} on {topic} before I see my {person}.",
    )),
    ("other", "Travels to {city} for {event} every {month}", (
        "Every {month} I'm in {city} for {event}.",
        "I go to {city} each {month} for {event}.",
    )),
)
# fmt: on

SUFFIXES = (
    " since {year}",
    " at home",
    " when travelling",
    " for the {team} team",
    " during release weeks",
    " on remote days",
    " for side projects",
    " in {city}",
)
# A memory of the second round on (past the 522,847 memories the templates give alone) carries one of
# these: the same templates again, said of another part of the owner's life.
ROUND_SUFFIXES = (
    " on weekdays",
    " in winter",
    " in summer",
    " while commuting",
    " after the move",
    " since the reorg",
    " most weeks",
    " between projects",
    " at the new job",
    " on busy days",
    " when rested",
    " this year",
)
LEAD_INS = ("", "Honestly, ", "Just so you know, ", "Like I said last time, ", "For the record, ", "Quick note: ")
TAILS = (
    "",
    " It's been that way for years.",
    " Please keep that in mind.",
    " That hasn't changed.",
    " Don't forget it next time.",
    " It really matters to me.",
)
EMAIL_TAIL = " If anything changes, write to me at {first}.{last}@{domain}."
LONG_TAIL = (
    " I know it sounds fussy, but I've tried the alternatives more than once over the years, with "
    "different teams and different deadlines, and every time I end up going back to the same habit, "
    "because it is simply what lets me think clearly and finish the work without fighting my own setup."
)

QUESTION_TEMPLATES = (
    "Which tool should I use for {task}?",
    "Help me set up {tool} for {task}.",
    "How should you give me feedback on my {lang} code?",
    "Draft a message to my {person} about {topic}.",
    "When should I schedule {task} this week?",
    "Can we book a meeting with the {team} team on {day} at {hour}?",
    "Suggest a restaurant in {city} for dinner tonight.",
    "Plan a weekend of {hobby} near {city}.",
    "Write a short bio for my talk: where I studied and what I worked as.",
    "Summarise this ticket for the {team} team.",
    "What's the best way to reach me about {topic}?",
    "Review this {lang} function for style.",
    "Prepare notes for my trip to {city} in {month}.",
    "Format the {topic} update the way I like it.",
    "Which {lang} libraries would fit the way I write code?",
    "Write the release notes for the {team} team.",
    "Plan a dinner party menu; is there any food I can't eat, like {food}?",
    "What should I call my {pet} in the birthday card?",
    "Translate this note for my {person} into the language we speak.",
    "Set up my desk: what hardware do I like, {device}?",
)
BROAD_QUESTIONS = (
    "Tell me how I like to work with the team, which tools I use at work, and what to avoid in meetings.",
    "Before we start: how do I prefer feedback, what tools do I use, and when do I work best?",
    "Everything about my work, my team, meetings, tools and preferences, please.",
)


@dataclass(frozen=True)
class SyntheticMemory:
    text: str
    category: str
    quotes: tuple[str, ...]
    state: str


@dataclass(frozen=True)
class BuildInfo:
    size: int
    seed: int
    generator: int
    states: dict[str, int]
    quotes: int
    words: int
    seconds: float
    database_bytes: int


def _state(rng: random.Random) -> str:
    return rng.choices([state for state, _ in STATE_WEIGHTS], [weight for _, weight in STATE_WEIGHTS])[0]


def _quote_count(rng: random.Random) -> int:
    return rng.choices([count for count, _ in QUOTE_COUNT_WEIGHTS], [weight for _, weight in QUOTE_COUNT_WEIGHTS])[0]


class _Slots(dict[str, str]):
    """Values for a template's `{slot}`s, drawn on first use; `{slot2}` differs from `{slot}`."""

    def __init__(self, rng: random.Random, chosen: dict[str, str]) -> None:
        super().__init__(chosen)
        self.rng = rng

    def __missing__(self, key: str) -> str:
        base = key.rstrip("2")
        options = FILLERS[base]
        value = self.rng.choice(options)
        if key != base:
            while value == self.get(base) and len(options) > 1:
                value = self.rng.choice(options)
        self[key] = value
        return value


def _fill(rng: random.Random, template: str, chosen: dict[str, str]) -> str:
    """`template` filled from FILLERS, reusing (and adding to) the values in `chosen`."""
    slots = _Slots(rng, chosen)
    text = template.format_map(slots)
    chosen.update(slots)
    return text


def _quote(rng: random.Random, variant: str, chosen: dict[str, str]) -> str:
    body = _fill(rng, variant, chosen)
    lead = rng.choice(LEAD_INS)
    if lead and not body.startswith(("I ", "I'")):
        body = body[0].lower() + body[1:]
    elif not lead:
        body = body[0].upper() + body[1:]
    quote = lead + body + rng.choice(TAILS)
    roll = rng.random()
    if roll < 0.04:
        quote += _fill(rng, EMAIL_TAIL, {})
    elif roll < 0.10:
        quote += LONG_TAIL
    return quote


def memories(size: int, seed: int = DEFAULT_SEED) -> list[SyntheticMemory]:
    """`size` distinct memories (distinct after the contract's normalisation), in proposal order.

    The templates give 522,847 distinct memories at the default seed (each template is dropped once
    it keeps giving known texts); past that a new round starts with every template back, each text
    then ending in one of ROUND_SUFFIXES. Any size gives the first memories of a larger one."""
    rng = random.Random(f"{seed}:memories")
    seen: set[str] = set()
    found: list[SyntheticMemory] = []
    pool = list(TEMPLATES)
    misses = [0] * len(TEMPLATES)  # a template that keeps giving known texts is used up
    rounds = 0
    while len(found) < size:
        if not pool:
            rounds += 1
            if rounds > 3:
                raise RuntimeError(f"the templates cannot give {size:,} distinct memories")
            pool, misses = list(TEMPLATES), [0] * len(TEMPLATES)
        entry = rng.choice(pool)
        category, template, variants = entry
        chosen: dict[str, str] = {}
        text = _fill(rng, template, chosen)
        if rng.random() < 0.35:
            text += _fill(rng, rng.choice(SUFFIXES), chosen)
        if rounds:
            text += rng.choice(ROUND_SUFFIXES)
        key = normalise(text)  # the same memory: the same normalised text
        number = TEMPLATES.index(entry)
        if key in seen:
            misses[number] += 1
            if misses[number] > 25:
                pool.remove(entry)
            continue
        misses[number] = 0
        seen.add(key)
        count = _quote_count(rng)
        quotes: list[str] = []
        for _ in range(count * 3):
            quote = _quote(rng, rng.choice(variants), dict(chosen))
            if quote not in quotes:
                quotes.append(quote)
            if len(quotes) == count:
                break
        found.append(SyntheticMemory(text, category, tuple(quotes), _state(rng)))
    return found


def questions(count: int = 60, seed: int = DEFAULT_SEED) -> list[str]:
    """Typical questions an assistant asks before a task: targeted, a few content words each."""
    rng = random.Random(f"{seed}:questions")
    found: list[str] = []
    for attempt in range(count * 20):
        question = _fill(rng, QUESTION_TEMPLATES[attempt % len(QUESTION_TEMPLATES)], {})
        if question not in found:
            found.append(question)
        if len(found) == count:
            break
    return found


def proposals(count: int, existing: Sequence[SyntheticMemory], seed: int = DEFAULT_SEED) -> list[dict[str, str]]:
    """Arguments for `personakit_propose`: about 80% new memories (none of `existing`), 20% a new
    quote for one of `existing` (a rejected one among them answers `new: false` and stores nothing)."""
    rng = random.Random(f"{seed}:proposals:{len(existing)}")
    known = {normalise(memory.text) for memory in existing}
    fresh = iter(memories(10 * count + 1000, seed + 1))
    found: list[dict[str, str]] = []
    while len(found) < count:
        if existing and rng.random() < 0.2:
            memory = rng.choice(existing)
            quote = f"As I keep saying: {memory.text.lower()}. Really, {rng.randrange(10_000)} times."
            found.append({"text": memory.text, "quote": quote, "category": memory.category})
            continue
        memory = next(fresh)  # StopIteration only if the templates ran out of new texts
        while normalise(memory.text) in known:
            memory = next(fresh)
        known.add(normalise(memory.text))
        found.append({"text": memory.text, "quote": memory.quotes[0], "category": memory.category})
    return found


def _events(rng: random.Random, items: list[SyntheticMemory]) -> list[tuple[str, int, int]]:
    """(kind, memory index, quote index): the extra quotes in a shuffled order, then the owner's
    decisions in a shuffled order, as an owner reviews what was proposed."""
    quotes = [("quote", index, q) for index, memory in enumerate(items) for q in range(1, len(memory.quotes))]
    decisions: list[tuple[str, int, int]] = []
    for index, memory in enumerate(items):
        if memory.state != "unconfirmed":
            decisions.append(("decide", index, 0))
        elif rng.random() < 0.05:  # approved once, then reset: history the owner can undo
            decisions.append(("approve-reset", index, 0))
    rng.shuffle(quotes)
    rng.shuffle(decisions)
    return quotes + decisions


ACTION = {"approved": "approve", "restricted": "restrict", "rejected": "reject"}
DECISION_CHUNK = 250  # decisions made at one time (one `decide_many` per action)


def build_store(folder: Path, items: Sequence[SyntheticMemory], seed: int = DEFAULT_SEED) -> BuildInfo:
    """Write a store of `items` into `folder` (which must not hold one yet), through the store API:
    every proposal (each memory's first quote, then its other quotes in a shuffled order, a minute or
    so apart) in one `bulk_propose`; then the owner's decisions in a shuffled order, DECISION_CHUNK at
    a time, each chunk a minute or so after the last, as `decide_many` of each action (restricted
    memories approved first, a second before; approved-then-reset ones reset a second after). The
    memories the owner rejects are proposed first and rejected in one `decide_many` before the others
    are proposed, so the store compacts and erases once, not once per reject, and each reject's pass
    over the store's memories is over those alone."""
    started = time.perf_counter()
    rng = random.Random(f"{seed}:build")
    store = SqliteStore.open(folder)
    keyed = id_key(store.id_secret())  # the ids this store gives
    db = store._db
    db.execute("PRAGMA synchronous = OFF")  # building only; see the module docstring
    db.execute("PRAGMA cache_size = -262144")  # 256 MiB: the indexes stay in memory while building
    now = EPOCH
    try:
        proposed: list[tuple[str, str, str, float]] = []
        for memory in items:
            now += rng.uniform(30, 90)
            proposed.append((memory.text, memory.quotes[0], memory.category, now))
        events = _events(rng, list(items))
        for kind, index, q in events:
            if kind == "quote":
                now += rng.uniform(30, 90)
                memory = items[index]
                proposed.append((memory.text, memory.quotes[q], memory.category, now))
        # The memories the owner rejects are proposed and rejected first, while the store holds only
        # them: a reject's transaction costs the store a pass over every memory (the change log's
        # `forget_erased`), so rejecting them among all the others would cost rejects x memories.
        dropped = {memory.text for memory in items if memory.state == "rejected"}
        store.bulk_propose(entry for entry in proposed if entry[0] in dropped)
        if dropped:
            rejects = sorted(memory_id(text, keyed) for text in dropped)
            store.decide_many(rejects, "reject", now + 60)  # one erasure: VACUUM, the log emptied
        store.bulk_propose(entry for entry in proposed if entry[0] not in dropped)
        del proposed
        now += 120
        decided = [(kind, index) for kind, index, _ in events if kind != "quote"]
        for start in range(0, len(decided), DECISION_CHUNK):
            now += rng.uniform(30, 90)
            first: list[str] = []  # restricted later
            actions: dict[str, list[str]] = {"approve": [], "restrict": []}
            reset: list[str] = []
            for kind, index in decided[start : start + DECISION_CHUNK]:
                memory = items[index]
                key = memory_id(memory.text, keyed)
                if kind == "approve-reset":
                    actions["approve"].append(key)
                    reset.append(key)
                elif memory.state == "rejected":
                    continue  # rejected above
                else:
                    if memory.state == "restricted" and rng.random() < 0.3:
                        first.append(key)
                    actions[ACTION[memory.state]].append(key)
            for keys, action, at in (
                (first, "approve", now - 1),
                (actions["approve"], "approve", now),
                (actions["restrict"], "restrict", now),
                (reset, "reset", now + 1),
            ):
                if keys:
                    store.decide_many(keys, action, at)
        assert store.finish_erasure(wait=60), "a reader held the new store's log"
    finally:
        store.close()
    check = sqlite3.connect(folder / FILE_NAME)
    try:
        states = dict(check.execute("SELECT state, count(*) FROM memories GROUP BY state").fetchall())
        quotes = check.execute("SELECT count(*) FROM quotes").fetchone()[0]
        words = check.execute("SELECT count(*) FROM words").fetchone()[0]
    finally:
        check.close()
    info = BuildInfo(
        size=len(items),
        seed=seed,
        generator=GENERATOR_VERSION,
        states=states,
        quotes=quotes,
        words=words,
        seconds=time.perf_counter() - started,
        database_bytes=sum(path.stat().st_size for path in folder.iterdir()),
    )
    (folder / "build.json").write_text(json.dumps(asdict(info)))
    return info


def load_build_info(folder: Path) -> BuildInfo | None:
    try:
        return BuildInfo(**json.loads((folder / "build.json").read_text()))
    except (OSError, ValueError, TypeError):
        return None


def match_count(folder: Path, question: str) -> int:
    """How many memories (restricted included) hold at least one of the question's content words."""
    db = sqlite3.connect(f"file:{folder / FILE_NAME}?mode=ro", uri=True)
    try:
        hashed = _word_hasher(db.execute("SELECT value FROM meta WHERE name = 'word_key'").fetchone()[0])
        words = sorted({hashed(word) for word in content_words(question)})
        if not words:
            return 0
        marks = ",".join("?" * len(words))
        row = db.execute(f"SELECT count(DISTINCT memory_id) FROM words WHERE word IN ({marks})", words).fetchone()
        return int(row[0])
    finally:
        db.close()


# -- used by run.py -----------------------------------------------------------------------------


def store_folder(cache: Path, size: int, seed: int = DEFAULT_SEED) -> Path:
    """Where the store of `size` memories lives in a cache folder: the name says what built it."""
    return cache / f"store-{size}-seed{seed}-gen{GENERATOR_VERSION}"


def cached_store(
    cache: Path,
    size: int,
    items: Sequence[SyntheticMemory] | None = None,
    say: Callable[[str], None] | None = None,
) -> tuple[Path, BuildInfo]:
    """The folder of the store of `size` memories under `cache`, built now unless a complete one of
    that size is already there (a half-built one is removed and built again)."""
    folder = store_folder(cache, size)
    info = load_build_info(folder)
    if info is not None and info.size == size:
        if say:
            say(f"reusing the {size:,} store in {folder}")
        return folder, info
    shutil.rmtree(folder, ignore_errors=True)
    info = build_store(folder, memories(size) if items is None else items)
    if say:
        say(f"built the {size:,} store in {info.seconds:.1f} s ({info.database_bytes / 2**20:.1f} MiB)")
    return folder, info


@dataclass(frozen=True)
class Questions:
    """The questions asked of one store: `typical` (all but the worst), and `worst`, the one among
    all of them (broad ones included) whose content words occur in the most memories there."""

    typical: list[str]
    worst: str
    counts: dict[str, int] = field(repr=False)

    @property
    def median_typical(self) -> str:
        """The typical question with the median number of matching memories."""
        ordered = sorted(self.typical, key=lambda q: self.counts[q])
        return ordered[len(ordered) // 2]


def pick_questions(folder: Path, count: int = 60) -> Questions:
    typical = questions(count)
    counts = {q: match_count(folder, q) for q in [*typical, *BROAD_QUESTIONS]}
    worst = max(counts, key=lambda q: counts[q])
    return Questions([q for q in typical if q != worst], worst, counts)


def write_plain_rows(
    folder: Path, items: Sequence[SyntheticMemory], *, sort: bool = False, cache_kib: int = 0
) -> float:
    """Seconds to write the rows `bulk_propose` would write for `items` (each memory with its first
    quote, unconfirmed) with plain `executemany` in one durable transaction (synchronous=FULL), ids
    and words computed inside the timer, into a fresh store in `folder`. With `sort`, the rows go in
    key order; `cache_kib` sets a page cache that large. It skips the check for memories already there."""
    made = SqliteStore.open(folder)  # the schema, and the secret its ids are keyed with
    keyed = id_key(made.id_secret())
    made.close()
    started = time.perf_counter()
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    try:
        db.execute("PRAGMA synchronous = FULL")
        if cache_kib:
            db.execute(f"PRAGMA cache_size = -{cache_kib}")
        db.execute("BEGIN IMMEDIATE")
        rows = [(memory_id(m.text, keyed), m) for m in items]
        if sort:
            rows.sort(key=lambda row: row[0])
        db.executemany(
            "INSERT INTO memories (id, text, category, state, created, touched) VALUES (?, ?, ?, 'unconfirmed', ?, ?)",
            ((key, m.text, m.category, EPOCH, EPOCH) for key, m in rows),
        )
        db.executemany("INSERT INTO aliases (key, memory_id) VALUES (?, ?)", ((key, key) for key, _ in rows))
        db.executemany(
            "INSERT INTO quotes (memory_id, seq, quote) VALUES (?, 1, ?)", ((k, m.quotes[0]) for k, m in rows)
        )
        hashed = _word_hasher(db.execute("SELECT value FROM meta WHERE name = 'word_key'").fetchone()[0])
        words = ((hashed(word), key) for key, m in rows for word in content_words(m.text))
        db.executemany("INSERT INTO words (word, memory_id) VALUES (?, ?)", sorted(words) if sort else words)
        db.execute("COMMIT")
    finally:
        db.close()
    return time.perf_counter() - started
