"""The threads a transformer's arithmetic may use: BLAS is limited to the free cores of the process within an
encoder's call, and given back its own number after it; nothing is changed at import."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from test_bert import tiny_bert
from threadpoolctl import threadpool_info, threadpool_limits

from personakit_recall import bert, threads


def blas_threads() -> set[int]:
    return {int(pool["num_threads"]) for pool in threadpool_info() if pool["user_api"] == "blas"}


@pytest.fixture
def model(tmp_path: Path) -> bert.BertModel:
    return bert.BertModel(tiny_bert(tmp_path / "tiny-bert"))


def test_blas_is_limited_while_a_text_is_encoded_and_given_back_after(
    model: bert.BertModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not blas_threads():
        pytest.skip("numpy's BLAS is not one threadpoolctl knows")
    seen: list[set[int]] = []
    forward = model.forward

    def watched(ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        seen.append(blas_threads())
        return forward(ids, mask)

    monkeypatch.setattr(model, "forward", watched)
    monkeypatch.setattr(threads, "threads", lambda environ=None: 1)
    with threadpool_limits(3, user_api="blas"):  # the process's own setting, whatever it is
        before = blas_threads()
        model.encode(["the dog sleeps on the red sofa", "a tram"])
        assert blas_threads() == before == {3}
    assert seen and all(during == {1} for during in seen)


def test_the_threads_are_the_free_cores_of_the_process_at_least_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(threads.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    monkeypatch.setattr(threads.os, "cpu_count", lambda: 8)
    monkeypatch.setattr(threads.os, "getloadavg", lambda: (0.2, 0.0, 0.0))
    assert threads.threads({}) == 4  # an idle machine: the process's four cores, not the machine's eight
    monkeypatch.setattr(threads.os, "getloadavg", lambda: (5.6, 0.0, 0.0))
    assert threads.threads({}) == 2  # six of eight busy
    monkeypatch.setattr(threads.os, "getloadavg", lambda: (12.0, 0.0, 0.0))
    assert threads.threads({}) == 1
    assert threads.threads({threads.THREADS_ENV: "3"}) == 3
    assert threads.threads({threads.THREADS_ENV: "none"}) == 1  # not a number: the machine decides


def test_a_choice_made_once_trusts_what_the_machine_does_now_over_a_minute_of_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ONNX Runtime's threads are fixed when its model loads: a load average that still remembers this
    process's own work of a moment ago (or a burst that is over) must not leave it one thread on two free
    cores for the whole of a build; a machine busy now, by both measures, still gets fewer threads."""
    monkeypatch.setattr(threads.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(threads.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(threads.os, "getloadavg", lambda: (1.4, 0.0, 0.0))
    monkeypatch.setattr(threads, "busy_now", lambda seconds=threads.SAMPLE_SECONDS: 0.05)
    assert threads.threads({}) == 1  # a call's own choice goes by the load average, as before
    assert threads.threads({}, sample=True) == 2
    monkeypatch.setattr(threads, "busy_now", lambda seconds=threads.SAMPLE_SECONDS: 1.9)
    assert threads.threads({}, sample=True) == 1  # busy by both measures
    monkeypatch.setattr(threads.os, "getloadavg", lambda: (0.1, 0.0, 0.0))
    assert threads.threads({}, sample=True) == 2  # a burst of now that the minute does not confirm
    monkeypatch.setattr(threads, "busy_now", lambda seconds=threads.SAMPLE_SECONDS: None)
    monkeypatch.setattr(threads.os, "getloadavg", lambda: (1.4, 0.0, 0.0))
    assert threads.threads({}, sample=True) == 1  # nothing to sample (no /proc/stat): the load average


def test_what_other_processes_keep_busy_leaves_out_this_process_own_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The machine's busy time over the sample less this process's own, in cores: a process that itself
    kept one core busy while the machine counted one and a half reads as half a core of others' work."""
    ticks = iter([1_000, 1_000 + 30])  # 0.3 s of busy time at 100 ticks a second, over a 0.2 s sample
    own = iter([5.0, 5.0 + 0.2])  # 0.2 s of it this process's
    clock = iter([10.0, 10.2])
    monkeypatch.setattr(threads, "_busy_ticks", lambda: next(ticks))
    monkeypatch.setattr(threads.os, "sysconf", lambda name: 100)
    monkeypatch.setattr(threads.time, "process_time", lambda: next(own))
    monkeypatch.setattr(threads.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(threads.time, "sleep", lambda seconds: None)
    assert threads.busy_now() == pytest.approx(0.5)


def test_the_machine_is_sampled_from_its_own_counters_where_it_has_them() -> None:
    if not Path("/proc/stat").is_file():
        assert threads.busy_now(0.01) is None
        return
    found = threads.busy_now(0.05)
    assert found is not None and 0.0 <= found <= (os.cpu_count() or 1) + 1


def test_importing_the_plugin_and_loading_a_model_changes_no_thread_setting(tmp_path: Path) -> None:
    with threadpool_limits(3, user_api="blas"):
        if blas_threads() != {3}:
            pytest.skip("numpy's BLAS is not one threadpoolctl knows")
        bert.BertModel(tiny_bert(tmp_path / "tiny-bert"))
        assert blas_threads() == {3}
