"""The threads a transformer's arithmetic may use: BLAS is limited to the free cores of the process within an
encoder's call, and given back its own number after it; nothing is changed at import."""

from __future__ import annotations

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


def test_importing_the_plugin_and_loading_a_model_changes_no_thread_setting(tmp_path: Path) -> None:
    with threadpool_limits(3, user_api="blas"):
        if blas_threads() != {3}:
            pytest.skip("numpy's BLAS is not one threadpoolctl knows")
        bert.BertModel(tiny_bert(tmp_path / "tiny-bert"))
        assert blas_threads() == {3}
