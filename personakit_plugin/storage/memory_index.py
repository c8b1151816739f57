"""The word index in memory: what `SqliteStore.top_matches` ranks on, so that a read costs what
its answer costs, not what the store holds.

It holds no text: for each word's keyed hash, the integer keys of the memories that contain it,
and for each memory its state's rank, its `touched` and its category. Sets of memories are Python
integers used as bitsets (bit `key` set for memory `key`), so the question's words are combined,
counted by level and filtered by state and category in a few machine-speed operations whatever
the number of matches. The store keeps it exactly current (see `SqliteStore`): it is built from
the file and then follows every change any process commits, through the file's change log.

The order is the contract's (`core.ranking`): most shared words first, then approved before
unconfirmed, then the most recent `touched`, then the id. The id is not held here; `top` returns
every memory that ties with the last one kept on the terms it knows, and the store sorts those by
the full order once it has read them.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Collection, Iterable, Sequence

from personakit_plugin.core.ranking import STATE_RANK

POSTING = "i"
"""The array type of a list of keys: 4 bytes each. PersonaKit numbers memories from 1 up, one at a
time, so a key of 2**31 would take two billion memories."""
ABSENT = 255
"""The rank of a key that names no memory (yet)."""
RESTRICTED = STATE_RANK["restricted"]
BITSET_BUDGET = 32 * 1024 * 1024
"""Bytes of word bitsets kept between reads; the postings themselves are always kept."""
WALK_PER_MEMBER = 4
"""Steps of that walk allowed per member of the level before it is sorted whole instead."""

_NONZERO = re.compile(rb"[^\x00]")
_BITS = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))


def members(bits: int) -> list[int]:
    """The positions of the set bits of `bits`, ascending."""
    if not bits:
        return []
    data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    found: list[int] = []
    for match in _NONZERO.finditer(data):
        at = match.start()
        base = at << 3
        found.extend([base + bit for bit in _BITS[data[at]]])
    return found


class _Recency:
    """The keys of one state, ascending by (`touched`, key): walked from the end, most recent first."""

    def __init__(self) -> None:
        self.keys = array(POSTING)
        self.touched = array("d")

    def add(self, key: int, touched: float) -> None:
        at = self._place(key, touched)
        self.keys.insert(at, key)
        self.touched.insert(at, touched)

    def remove(self, key: int, touched: float) -> None:
        at = self._place(key, touched)
        if at < len(self.keys) and self.keys[at] == key:
            del self.keys[at]
            del self.touched[at]

    def _place(self, key: int, touched: float) -> int:
        start = bisect_left(self.touched, touched)
        end = start
        while end < len(self.touched) and self.touched[end] == touched:
            end += 1
        return start + bisect_left(self.keys[start:end], key) if end > start else start

    @classmethod
    def sorted_from(cls, keys: array[int], touched: array[float]) -> _Recency:
        """The recency of `keys` (ascending), each memory's `touched` found in `touched` by key."""
        made = cls()
        made.keys = array(POSTING, sorted(keys, key=touched.__getitem__))  # stable: ties stay by key
        made.touched = array("d", map(touched.__getitem__, made.keys))
        return made


class MemoryIndex:
    """Every memory's rank, `touched` and category, and each word's memories, by integer key."""

    small_level = 256
    """A level of at most this many memories is sorted whole; a larger one is walked in `touched` order
    (a test sets it to 0, on the class, for the walk with a few memories)."""

    def __init__(self) -> None:
        self.postings: dict[int, array[int]] = {}
        self.rank = bytearray()
        self.touched = array("d")
        self.category = bytearray()
        self._codes: dict[str, int] = {}
        self._by_rank: dict[int, int] = {}  # rank -> bitset of its memories
        self._by_category: dict[int, int] = {}  # category code -> bitset
        self._recency: dict[int, _Recency] = {}  # rank -> its memories in `touched` order
        self._bits: OrderedDict[int, int] = OrderedDict()  # word -> bitset, least recently used first
        self._bits_bytes = 0
        # The largest key posted (or above every key). In a posting that holds it, it is the last: a new
        # memory's key is the largest, so adding its words looks through no posting (at 100,000 memories
        # a common word's posting is thousands of keys long).
        self._top = -1

    # -- building and following changes ------------------------------------------------------

    @classmethod
    def build(
        cls,
        memories: Iterable[tuple[int, str, float, str]],
        postings: Iterable[tuple[int, Sequence[int]]],
        size: int,
    ) -> MemoryIndex:
        """An index of `memories` (key, state, touched, category), whose keys are all below `size`,
        and `postings` (word, keys)."""
        index = cls()
        index.rank = bytearray([ABSENT]) * size
        index.touched = array("d", bytes(8 * size))
        index.category = bytearray(size)
        index._top = size  # above every key: held by no posting
        ranks, times, categories, codes = index.rank, index.touched, index.category, index._codes
        for key, state, touched, category in memories:
            code = codes.get(category)
            if code is None:
                code = index._code(category)
            ranks[key], times[key], categories[key] = STATE_RANK.get(state, ABSENT - 1), touched, code
        # Each bitset at C speed: the rank (or category) column translated to a string of 0s and 1s,
        # most significant bit first, read as a number in base 2.
        index._by_rank = {rank: _bitset_of(ranks, rank) for rank in set(ranks) - {ABSENT}}
        present = 0  # a key that names no memory has category byte 0 too, so is left out by this
        for bits in index._by_rank.values():
            present |= bits
        index._by_category = {code: _bitset_of(categories, code) & present for code in codes.values()}
        index._recency = {
            rank: _Recency.sorted_from(array(POSTING, members(bits)), times) for rank, bits in index._by_rank.items()
        }
        for word, keys in postings:
            index.postings[word] = keys if isinstance(keys, array) else array(POSTING, keys)
        return index

    def set_memory(self, key: int, state: str, touched: float, category: str) -> None:
        """Record what a memory is now: its state, `touched` and category."""
        self._grow(key)
        old_rank, old_touched, old_code = self.rank[key], self.touched[key], self.category[key]
        rank, code = STATE_RANK.get(state, ABSENT - 1), self._code(category)
        if old_rank != ABSENT:
            self._by_rank[old_rank] &= ~(1 << key)
            self._by_category[old_code] &= ~(1 << key)
            self._recency[old_rank].remove(key, old_touched)
        self._by_rank[rank] = self._by_rank.get(rank, 0) | 1 << key
        self._by_category[code] = self._by_category.get(code, 0) | 1 << key
        self._recency.setdefault(rank, _Recency()).add(key, touched)
        self.rank[key], self.touched[key], self.category[key] = rank, touched, code

    def add_word(self, word: int, key: int) -> None:
        keys = self.postings.setdefault(word, array(POSTING))
        if key > self._top:
            self._top = key
            keys.append(key)
        elif key == self._top:
            if keys and keys[-1] == key:
                return
            keys.append(key)
        elif key in keys:  # an older memory's key: looked for (an edit, a decision's words)
            return
        elif keys and keys[-1] == self._top:
            keys.insert(len(keys) - 1, key)  # the largest key stays last
        else:
            keys.append(key)
        if word in self._bits:
            self._bits[word] |= 1 << key

    def remove_word(self, word: int, key: int) -> None:
        keys = self.postings.get(word)
        if not keys:
            return
        if key == self._top and keys[-1] == key:
            keys.pop()
        elif key != self._top and key in keys:
            keys.remove(key)
        else:
            return
        if word in self._bits:
            self._bits[word] &= ~(1 << key)

    # -- ranking -----------------------------------------------------------------------------

    def top(
        self, words: Collection[int], limit: int, readable_below: int, categories: Collection[str] | None
    ) -> tuple[list[tuple[int, int]], int]:
        """The best `limit` readable memories sharing a word with `words`, as (key, words shared), in
        the order of shared words, rank and `touched`, followed by every further one that ties with
        the last on those three; and how many restricted memories share a word. Only memories of
        `categories` count, when given; readable means a rank below `readable_below`."""
        sets = [self._word_bits(word) for word in words if word in self.postings]
        if not sets:
            return [], 0
        scope = self._scope(categories)
        union = 0
        for bits in sets:
            union |= bits
        restricted = union & self._by_rank.get(RESTRICTED, 0)
        readable = 0
        for rank in range(readable_below):
            readable |= self._by_rank.get(rank, 0)
        if scope is not None:
            restricted &= scope
            readable &= scope
        at_least = _levels([bits & readable for bits in sets])
        chosen: list[tuple[int, int]] = []
        for level in range(len(sets), 0, -1):
            exact = at_least[level] & ~at_least[level + 1]
            if exact:
                keys = self._best(exact, limit - len(chosen), readable_below)
                chosen += [(key, level) for key in keys]
                if len(chosen) >= limit:
                    break
        return chosen, restricted.bit_count()

    def _best(self, bits: int, wanted: int, readable_below: int) -> list[int]:
        """The best `wanted` memories of `bits` by rank and `touched`, and every one tying with the last.

        A small set is listed and sorted. A larger one is looked for along the memories in `touched`
        order, most recent first, which finds the best after about `wanted` times the share of the
        store the set is; a set that lies far down that order is listed and sorted after all once the
        walk has cost what sorting it would."""
        count = bits.bit_count()
        if count > max(self.small_level, wanted):
            found = self._walk(bits, wanted, readable_below, budget=WALK_PER_MEMBER * count)
            if found is not None:
                return found
        keys = members(bits)
        ranks, times = self.rank, self.touched
        keys.sort(key=lambda key: (ranks[key], -times[key]))
        return _with_ties(keys, wanted, lambda key: (ranks[key], times[key]))

    def _walk(self, bits: int, wanted: int, readable_below: int, budget: int) -> list[int] | None:
        """`_best` along the `touched` order, or None when it took more than `budget` steps."""
        data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
        size = len(data)
        found: list[int] = []
        for rank in range(readable_below):
            recency = self._recency.get(rank)
            if recency is None:
                continue
            walked, times = recency.keys, recency.touched
            for at in range(len(walked) - 1, -1, -1):
                budget -= 1
                if budget < 0:
                    return None
                key = walked[at]
                if key >> 3 < size and data[key >> 3] >> (key & 7) & 1:
                    if len(found) >= wanted and (self.rank[found[-1]], self.touched[found[-1]]) != (rank, times[at]):
                        return found
                    found.append(key)
        return found

    def _scope(self, categories: Collection[str] | None) -> int | None:
        if categories is None:
            return None
        scope = 0
        for category in categories:
            code = self._codes.get(category)
            if code is not None:
                scope |= self._by_category.get(code, 0)
        return scope

    def _word_bits(self, word: int) -> int:
        bits = self._bits.get(word)
        if bits is not None:
            self._bits.move_to_end(word)
            return bits
        data = bytearray(len(self.rank) // 8 + 1)
        for key in self.postings[word]:
            _set_bit(data, key)
        bits = int.from_bytes(data, "little")
        self._bits[word] = bits
        self._bits_bytes += len(data)
        while self._bits_bytes > BITSET_BUDGET and len(self._bits) > 1:
            _, dropped = self._bits.popitem(last=False)
            self._bits_bytes -= (dropped.bit_length() + 7) // 8
        return bits

    # -- keys --------------------------------------------------------------------------------

    def _grow(self, key: int) -> None:
        if key >= len(self.rank):
            more = max(key + 1 - len(self.rank), len(self.rank) // 4, 1024)
            self.rank.extend(bytes([ABSENT]) * more)
            self.touched.extend([0.0] * more)
            self.category.extend(bytes(more))

    def _code(self, category: str) -> int:
        code = self._codes.get(category)
        if code is None and len(self._codes) == ABSENT:
            raise ValueError(f"more than {ABSENT} categories")
        if code is None:
            code = self._codes[category] = len(self._codes)
        return code


def _bitset_of(column: bytearray, value: int) -> int:
    """The bitset of the keys whose byte in `column` is `value`."""
    table = bytes(0x31 if byte == value else 0x30 for byte in range(256))  # b"1" where equal, else b"0"
    return int(column.translate(table)[::-1] or b"0", 2)


def _set_bit(data: bytearray, key: int) -> None:
    at = key >> 3
    if at >= len(data):
        data.extend(bytes(at + 1 - len(data)))
    data[at] |= 1 << (key & 7)


def _levels(sets: Sequence[int]) -> list[int]:
    """`result[j]`: the members of at least `j` of `sets` (j from 1; index 0 unused, and one more
    at the end that is always empty)."""
    at_least = [0] * (len(sets) + 2)
    for seen, bits in enumerate(sets):
        for level in range(seen + 1, 1, -1):
            at_least[level] |= at_least[level - 1] & bits
        at_least[1] |= bits
    return at_least


def _with_ties(ordered: list[int], wanted: int, term: object) -> list[int]:
    """The first `wanted` of `ordered` and every later one whose `term` equals the last one's."""
    if len(ordered) <= wanted:
        return ordered
    value = term(ordered[wanted - 1])  # type: ignore[operator]
    end = wanted
    while end < len(ordered) and term(ordered[end]) == value:  # type: ignore[operator]
        end += 1
    return ordered[:end]
