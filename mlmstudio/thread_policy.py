"""How many CPU threads torch uses for training, decided once for every way a run executes.

Torch's intra-op threads default to one per core. On a quiet machine that is
fastest, but when other programs keep the cores busy every parallel region
waits for a descheduled thread, and a step slows down 7-40x, far more than the
machine's fair share (issue 18; docs/PERFORMANCE.md, "Training on a busy
computer"). One thread then trains several times faster, yet alone it is ~20%
slower. No fixed setting is right, so the policy measures:

- ``prepare(role)`` runs first thing in the program (``launcher.main``), before
  torch is imported, because OpenMP reads its environment only once: it shortens
  how long an idle OpenMP thread spins before it sleeps (``GOMP_SPINCOUNT``), so
  a waiting thread gives its core back to the program it competes with instead
  of burning it. Fully passive waiting (``OMP_WAIT_POLICY=PASSIVE``) was measured
  to cost 46% of an idle run's speed; a short spin keeps the quick waits inside
  a step.
- ``decide(role)`` picks the starting threads: one per core for the command line
  (train, queue, sweep, runs resume, capsules), one per core but one in the app
  (its window keeps a core), a core's share per process under torchrun.
- ``ThreadGovernor`` (driven by the trainer, one call per step) is the adaptive
  check: when steps run far slower than they did when calibrated at the start of
  the run, or every so often anyway, it tries another thread count for a short
  window and keeps it only when steps get faster. Where the kernel reports how
  long each thread waited for a core (Linux's ``/proc/self/task/*/schedstat``),
  it tries fewer threads only while some thread waits, and more only while none
  does: on a quiet machine it then never tries at all, where the blind trials
  cost an idle run 18% (docs/PERFORMANCE.md, section 18).
- A run whose count changed mid-way is reproducible only up to float rounding
  (another count splits torch's reductions differently), so a short run can end
  elsewhere: "madrid" instead of "paris". Keeping step-counted runs at their
  starting count was tried and measured: bit-identical on a quiet and a busy
  machine, but 7-8x slower there than one thread (docs/PERFORMANCE.md, section
  18); ``MLMSTUDIO_THREADS=N`` is the way to exact repeats.

``MLMSTUDIO_THREADS=N`` (or the user's own ``OMP_NUM_THREADS``) fixes the count
and turns the adaptive check off. This module imports no torch; ``apply`` and
the governor receive torch's setter from the caller.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, replace

THREADS_ENV = "MLMSTUDIO_THREADS"  # the user's fixed thread count; turns the adaptive check off
SPIN_ENV = "GOMP_SPINCOUNT"  # libgomp: busy-wait iterations before a waiting thread sleeps
SPIN_COUNT = "10000"  # libgomp's default is 300,000 (milliseconds of spinning on a busy core)
ROLES = ("cli", "app", "benchmark")  # a process that never called prepare() is a library user

_role: str | None = None  # what prepare() recorded for this process


@dataclass(frozen=True)
class ThreadPolicy:
    """The decision: how many threads to start with, and whether the count may change."""

    name: str  # "adaptive", "fixed" or "unchanged" (a library caller's own torch setting is kept)
    threads: int  # torch intra-op threads at the start of a run; 0 with "unchanged"
    cores: int  # cores this process may use
    max_threads: int  # the adaptive check never goes above this
    reason: str  # why, in a few words (shown by doctor and in the run's note)

    @property
    def adaptive(self) -> bool:
        return self.name == "adaptive"

    def describe(self) -> str:
        """One line for doctor, the run's note and History: the policy and its starting threads."""
        if not self.threads:
            return f"{self.name} (torch's own setting is kept: {self.reason})"
        count = f"{self.threads} thread{'s' if self.threads != 1 else ''}"
        return f"{self.name}, {count} of {self.cores} core{'s' if self.cores != 1 else ''} ({self.reason})"

    def as_dict(self) -> dict[str, object]:
        return {
            "policy": self.name,
            "threads": self.threads,
            "cores": self.cores,
            "max_threads": self.max_threads,
            "reason": self.reason,
        }


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity, which containers and taskset narrow)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


def _positive_int(text: str | None) -> int | None:
    try:
        value = int(str(text).strip())
    except (TypeError, ValueError):
        return None
    return value if value >= 1 else None


def decide(
    role: str | None = None, *, cores: int | None = None, env: Mapping[str, str] | None = None
) -> ThreadPolicy:
    """The thread policy of a process in ``role`` (default: the role ``prepare`` recorded)."""
    env = os.environ if env is None else env
    role = role or _role
    cores = cores or available_cores()
    fixed = _positive_int(env.get(THREADS_ENV))
    if fixed is not None:
        return ThreadPolicy("fixed", fixed, cores, fixed, f"{THREADS_ENV}={fixed}")
    user_omp = _positive_int(env.get("OMP_NUM_THREADS"))
    if user_omp is not None:
        return ThreadPolicy("fixed", user_omp, cores, user_omp, f"OMP_NUM_THREADS={user_omp}")
    local_procs = _positive_int(env.get("LOCAL_WORLD_SIZE")) or 1
    if local_procs > 1:  # torchrun: each process its share; ranks wait for each other, so no changes
        share = max(1, cores // local_procs)
        return ThreadPolicy("fixed", share, cores, share, f"{local_procs} processes share the cores")
    if role not in ROLES:  # the engine used as a library: its caller's torch setting stands
        return ThreadPolicy("unchanged", 0, cores, 0, "the engine is used as a library")
    if role == "app":
        top = max(1, cores - 1)
        return ThreadPolicy("adaptive", top, cores, top, "the window keeps a core")
    return ThreadPolicy("adaptive", cores, cores, cores, "fewer when the computer is busy")


def prepare(role: str, env: MutableMapping[str, str] | None = None) -> ThreadPolicy:
    """Record the process' role and set OpenMP's environment; call before torch is imported.

    The spin count is only a default: a value the user set is kept. Once torch is
    loaded the environment no longer matters (OpenMP read it at start-up).
    """
    global _role
    if role not in ROLES:
        raise ValueError(f"unknown thread role {role!r}")
    _role = role
    env = os.environ if env is None else env
    env.setdefault(SPIN_ENV, SPIN_COUNT)
    return decide(role, env=env)


def forget_role() -> None:
    """Back to 'used as a library' (tests run many entry points in one process)."""
    global _role
    _role = None


def current_role() -> str | None:
    return _role


def apply(policy: ThreadPolicy, set_num_threads: Callable[[int], None]) -> None:
    """Give torch the policy's starting threads (``torch.set_num_threads``); 'unchanged' leaves it."""
    if policy.threads:
        set_num_threads(policy.threads)


# --- the adaptive check ---------------------------------------------------------------------------

WARMUP_STEPS = 3  # the first steps allocate and pack; they say nothing about the machine
WINDOW_SECONDS = 0.6  # a measurement window: at least this much step time ...
WINDOW_STEPS = 3  # ... and at least this many steps
SLOW_FACTOR = 1.6  # steps this much slower than calibrated: try fewer threads now
BETTER_FACTOR = 0.93  # a trial is kept only when its median step is at least 7% shorter
FIRST_TRIAL_WINDOWS = 1  # the first trial right after the calibration: a run that starts on a
# busy machine is slow from its first step, so no slowdown would ever start one ...
LONGEST_TRIAL_GAP = 192  # ... then twice as far apart after each lost trial, up to this many
AFTER_A_CHANGE = 4  # windows before the next trial once a trial was kept
TRIAL_GIVE_UP = 3.0  # one trial step this much slower than before ends the trial at once
CONTENDED = 0.15  # a thread that waited this share of its runnable time for a core: the CPU is busy
BUSY_THREAD = 0.1  # ... counted only for threads runnable a tenth as long as the busiest (not sleepers)

SchedulerWaits = dict[int, tuple[int, int]]  # thread id -> (ns on a core, ns waiting for one)


def scheduler_waits() -> SchedulerWaits | None:
    """This process' threads' time on a core and waiting for one, or None where not reported."""
    waits: SchedulerWaits = {}
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:  # not Linux
        return None
    for task in tasks:
        try:
            with open(f"/proc/self/task/{task}/schedstat") as stat:
                on_core, waiting = stat.read().split()[:2]
            waits[int(task)] = (int(on_core), int(waiting))
        except (OSError, ValueError):  # the thread ended meanwhile, or no schedstat in this kernel
            continue
    return waits or None


@dataclass(frozen=True)
class ThreadChange:
    """One change the governor made: from, to, and why (kept for the run's record)."""

    step: int
    threads: int
    reason: str


class ThreadGovernor:
    """Adjusts torch's threads during a run from the measured step times (see the module docstring).

    ``step_done(seconds)`` is called after each optimizer step with that step's
    own compute time (evaluations and checkpoints excluded). Steps are grouped in
    windows; each window's median step time is compared with the calibrated one
    (the first window at the current count). A window far slower than calibrated
    starts a trial with fewer threads at once; otherwise a trial of the other
    direction starts now and then, less often each time one loses. A trial lasts
    one window and is kept only when it is clearly faster.
    """

    def __init__(
        self,
        policy: ThreadPolicy,
        set_num_threads: Callable[[int], None],
        waits: Callable[[], SchedulerWaits | None] | None = None,
    ) -> None:
        self.policy = policy
        self._set = set_num_threads
        self._waits = waits  # scheduler_waits in a real run; None: trials are blind
        self._last_waits: SchedulerWaits | None = None
        self.threads = policy.threads
        self.changes: list[ThreadChange] = []
        self._step = 0
        self._window: list[float] = []
        self._calibrated: float | None = None  # median step at self.threads, when settled
        self._trial_from: tuple[int, float] | None = None  # (threads, their median) during a trial
        self._windows_since_trial = 0
        self._trial_gap = FIRST_TRIAL_WINDOWS
        self.fewest = self.threads  # for the run's record: the range it used
        self.most = self.threads

    def step_done(self, seconds: float) -> None:
        self._step += 1
        if not self.policy.adaptive or self.policy.max_threads <= 1 or self._step <= WARMUP_STEPS:
            return
        if self._waits is not None and self._last_waits is None:
            self._last_waits = self._waits()  # the baseline: the first window already tells
        self._window.append(seconds)
        clearly_worse = self._trial_from is not None and seconds > TRIAL_GIVE_UP * self._trial_from[1]
        if not clearly_worse and (len(self._window) < WINDOW_STEPS or sum(self._window) < WINDOW_SECONDS):
            return
        median = statistics.median(self._window)
        self._window = []
        self._windows_since_trial += 1
        contended = self._contended()  # None: not known here, so every trial may help
        if self._trial_from is not None:
            self._end_trial(median)
        elif self._calibrated is None:
            self._calibrated = median
            if contended and self.threads > 1 and self._windows_since_trial >= self._trial_gap:
                self._start_trial(self._fewer(), median, "a thread waits for a core")  # busy at once
        elif median > SLOW_FACTOR * self._calibrated and self.threads > 1 and contended is not False:
            self._start_trial(self._fewer(), median, "steps slowed down")
        elif self._windows_since_trial >= self._trial_gap:
            target = self._more() if self.threads < self.policy.max_threads else self._fewer()
            # Fewer threads help only while some thread waits for a core, more only while none does.
            wants_fewer = target < self.threads
            useless = contended is not None and contended != wants_fewer
            if target != self.threads and not useless:
                self._calibrated = median  # the machine may have changed since the calibration
                self._start_trial(target, median, "a periodic check")

    def describe(self) -> str:
        """The threads the run used, for its record: '2', or '1-2 (adaptive, 3 changes)'."""
        if self.fewest == self.most:
            return f"{self.threads} ({self.policy.name})"
        return f"{self.fewest}-{self.most} ({self.policy.name}, {len(self.changes)} changes, ended at {self.threads})"

    # --- inside -----------------------------------------------------------------------------------

    def _contended(self) -> bool | None:
        """Whether a busy thread of ours waited for a core since the last window (None: unknown)."""
        if self._waits is None:
            return None
        now, before = self._waits(), self._last_waits
        self._last_waits = now
        if now is None or before is None:
            return None
        runnable_and_waited = []
        for thread, (on_core, waiting) in now.items():
            was_on, was_waiting = before.get(thread, (0, 0))
            waited = waiting - was_waiting
            runnable_and_waited.append((on_core - was_on + waited, waited))
        busiest = max((runnable for runnable, _ in runnable_and_waited), default=0)
        shares = [
            waited / runnable
            for runnable, waited in runnable_and_waited
            if runnable > 0 and runnable >= BUSY_THREAD * busiest
        ]
        return bool(shares) and max(shares) >= CONTENDED

    def _fewer(self) -> int:
        return max(1, self.threads // 2 if self.threads > 3 else self.threads - 1)

    def _more(self) -> int:
        return min(self.policy.max_threads, self.threads * 2 if self.threads > 1 else 2)

    def _start_trial(self, threads: int, median: float, why: str) -> None:
        self._trial_from = (self.threads, median)
        self._switch(threads, f"trying {threads}: {why}")

    def _end_trial(self, median: float) -> None:
        assert self._trial_from is not None
        before_threads, before_median = self._trial_from
        self._trial_from = None
        self._windows_since_trial = 0
        if median < BETTER_FACTOR * before_median:
            self._calibrated = median
            self._trial_gap = AFTER_A_CHANGE
            self.changes.append(ThreadChange(self._step, self.threads, "kept: steps got faster"))
        else:
            self._calibrated = None  # recalibrate at the old count: the load may have changed
            self._trial_gap = min(LONGEST_TRIAL_GAP, self._trial_gap * 2)
            self._switch(before_threads, "back: the trial was not faster")

    def _switch(self, threads: int, reason: str) -> None:
        self.threads = threads
        self.fewest, self.most = min(self.fewest, threads), max(self.most, threads)
        self.changes.append(ThreadChange(self._step, threads, reason))
        self._set(threads)


def fixed(policy: ThreadPolicy) -> ThreadPolicy:
    """The same policy with the adaptive check off (a GPU run: the CPU only feeds the device)."""
    return replace(policy, name="fixed", max_threads=policy.threads)
