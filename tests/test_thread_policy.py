"""The thread policy: what each role starts with, the user's override, and the adaptive check."""

from __future__ import annotations

import os

import pytest

from mlmstudio import thread_policy
from mlmstudio.thread_policy import ThreadGovernor, ThreadPolicy, decide, prepare


def test_each_role_starts_with_its_share_of_the_cores():
    assert decide("cli", cores=8, env={}).threads == 8
    assert decide("benchmark", cores=8, env={}).threads == 8
    app = decide("app", cores=8, env={})
    assert (app.name, app.threads, app.max_threads) == ("adaptive", 7, 7)
    assert decide("app", cores=1, env={}).threads == 1
    torchrun = decide("cli", cores=8, env={"LOCAL_WORLD_SIZE": "3"})
    assert (torchrun.name, torchrun.threads) == ("fixed", 2)
    library = decide(None, cores=8, env={})
    assert (library.name, library.threads) == ("unchanged", 0)


@pytest.mark.parametrize("env", [{"MLMSTUDIO_THREADS": "3"}, {"OMP_NUM_THREADS": "3"}])
def test_a_count_the_user_gave_is_fixed(env):
    policy = decide("cli", cores=8, env=env)
    assert (policy.name, policy.threads, policy.max_threads) == ("fixed", 3, 3)
    assert "=3" in policy.describe()


@pytest.mark.parametrize("bad", ["0", "-2", "many", ""])
def test_a_meaningless_count_is_ignored(bad):
    assert decide("cli", cores=4, env={"MLMSTUDIO_THREADS": bad}).name == "adaptive"


def test_prepare_records_the_role_and_shortens_the_spin_but_keeps_the_users():
    env: dict[str, str] = {}
    assert prepare("app", env).threads == decide("app", env={}).threads
    assert thread_policy.current_role() == "app" and decide(env={}).name == "adaptive"
    assert env["GOMP_SPINCOUNT"] == thread_policy.SPIN_COUNT
    mine = {"GOMP_SPINCOUNT": "5"}
    prepare("cli", mine)
    assert mine["GOMP_SPINCOUNT"] == "5"
    thread_policy.forget_role()
    assert decide(env={}).name == "unchanged"
    with pytest.raises(ValueError):
        prepare("server", {})


class FakeMachine:
    """Step times by thread count; ``load`` switches between an idle and a busy machine."""

    def __init__(self) -> None:
        self.threads = 2
        self.busy = False
        self.on_core = [0, 0]  # per thread, in ns, as the kernel's schedstat counts them
        self.waited = [0, 0]
        self.sleeper = 0  # a thread of the process that never runs (a GUI thread, say)

    def set(self, threads: int) -> None:
        self.threads = threads

    def step_seconds(self) -> float:
        if self.busy:  # oversubscribed: every parallel region waits for a descheduled thread
            seconds = {1: 0.2, 2: 1.5}[self.threads]
        else:
            seconds = {1: 0.125, 2: 0.1}[self.threads]
        for thread in range(self.threads):  # busy: each of ours waits for a core half the time
            waiting = seconds / 2 if self.busy else 0.0
            self.on_core[thread] += int((seconds - waiting) * 1e9)
            self.waited[thread] += int(waiting * 1e9)
        return seconds

    def scheduler_waits(self) -> dict[int, tuple[int, int]]:
        waits = {tid: (self.on_core[tid], self.waited[tid]) for tid in range(2)}
        return {**waits, 99: (self.sleeper, self.sleeper)}


def drive(governor: ThreadGovernor, machine: FakeMachine, steps: int) -> list[int]:
    used = []
    for _ in range(steps):
        used.append(machine.threads)
        governor.step_done(machine.step_seconds())
    return used


def governed(threads: int = 2, waits: bool = False) -> tuple[ThreadGovernor, FakeMachine]:
    machine = FakeMachine()
    policy = ThreadPolicy("adaptive", threads, threads, threads, "test")
    return ThreadGovernor(policy, machine.set, machine.scheduler_waits if waits else None), machine


def test_on_an_idle_machine_it_keeps_every_thread_nearly_all_the_time():
    governor, machine = governed()  # where the kernel does not say who waited: blind trials
    used = drive(governor, machine, 3000)
    assert machine.threads == 2
    assert 0.97 < used.count(2) / len(used) < 1.0  # a few trial windows with one thread, then back
    assert governor.changes and all(c.threads in (1, 2) for c in governor.changes)


def test_when_the_machine_gets_busy_it_drops_a_thread_and_goes_back_when_it_is_quiet():
    governor, machine = governed()
    drive(governor, machine, 100)
    machine.busy = True
    used = drive(governor, machine, 200)
    assert machine.threads == 1 and used[-150:].count(1) / 150 > 0.9
    assert any("slowed down" in change.reason for change in governor.changes)
    machine.busy = False
    drive(governor, machine, 600)
    assert machine.threads == 2
    assert governor.describe().startswith("1-2 (adaptive")


def test_a_fixed_policy_never_changes_and_one_core_has_nothing_to_choose():
    for policy in (ThreadPolicy("fixed", 2, 2, 2, "user"), ThreadPolicy("adaptive", 1, 1, 1, "one core")):
        machine = FakeMachine()
        machine.threads = policy.threads
        machine.busy = True
        governor = ThreadGovernor(policy, machine.set)
        drive(governor, machine, 300)
        assert governor.changes == [] and machine.threads == policy.threads
        assert governor.describe() == f"{policy.threads} ({policy.name})"


def test_a_run_that_starts_on_a_busy_machine_finds_the_faster_count_at_once():
    # Slow from the first step, so no slowdown against the calibration ever shows: the first
    # trial, right after the calibration, finds one thread faster (0.2 s vs 1.5 s a step).
    governor, machine = governed()
    machine.busy = True
    used = drive(governor, machine, 60)
    assert machine.threads == 1 and used[-40:].count(1) / 40 > 0.9


def test_where_the_kernel_reports_waits_an_idle_run_is_never_disturbed():
    governor, machine = governed(waits=True)
    machine.sleeper = 10**9  # a thread that slept, with its one wait, does not count as busy
    used = drive(governor, machine, 3000)
    assert used.count(2) == len(used) and governor.changes == []


def test_where_the_kernel_reports_waits_a_busy_run_drops_a_thread_and_never_tries_two_while_busy():
    governor, machine = governed(waits=True)
    machine.busy = True
    used = drive(governor, machine, 400)
    assert machine.threads == 1 and used[-380:].count(1) == 380
    assert [c.threads for c in governor.changes] == [1, 1]  # the trial, then kept
    machine.busy = False
    drive(governor, machine, 400)
    assert machine.threads == 2  # no one waits at one thread any more: two are tried and kept


def test_the_wait_share_is_what_decides():
    """Break the signal: waits reported as zero on a busy machine keep both threads, collapsed."""
    machine = FakeMachine()
    machine.busy = True
    no_waits = lambda: {0: (machine.on_core[0] + machine.waited[0], 0)}  # noqa: E731
    governor = ThreadGovernor(ThreadPolicy("adaptive", 2, 2, 2, "test"), machine.set, no_waits)
    drive(governor, machine, 400)
    assert machine.threads == 2


@pytest.mark.skipif(
    not os.path.exists("/proc/self/task"), reason="the kernel's per-thread schedstat is Linux's"
)
def test_the_kernel_reports_each_thread_of_this_process():
    import threading

    waits = thread_policy.scheduler_waits()
    assert waits is not None and threading.get_native_id() in waits
    on_core, waiting = waits[threading.get_native_id()]
    assert on_core > 0 and waiting >= 0
