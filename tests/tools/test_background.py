# SPDX-License-Identifier: GPL-2.0
"""scripts/background.sh: make check's next kernel builds in the background
at the lowest priority; "wait" waits for it and says how it ended, and
the foreground run that follows decides (so a failed background build is
reported, not fatal). "result" is for a job nobody runs again (the fixes
queue's boot beside the baseline's): it prints the job's log and exits
with the job's status. The job ends with the make that started it, and a
new start stops the job an earlier run left."""
import os
import subprocess
import time

from conftest import SCRIPTS, run

BG = str(SCRIPTS / "background.sh")
ME = str(os.getpid())


def test_start_then_wait(tmp_path):
    p = tmp_path / "none" / "background"
    rc, out = run(["sh", BG, "start", ME, str(p), "sh", "-c", "sleep 1; nice; echo built"])
    assert rc == 0 and "background: started" in out, out
    assert not (tmp_path / "none" / "background.rc").exists()   # still running
    rc, out = run(["sh", BG, "wait", str(p)])
    assert rc == 0 and f"background: {p}: done" in out, out
    assert (tmp_path / "none" / "background.log").read_text().split() == ["19", "built"]


def test_failed_background_is_reported(tmp_path):
    p = tmp_path / "background"
    run(["sh", BG, "start", ME, str(p), "sh", "-c", "echo broken; exit 3"])
    rc, out = run(["sh", BG, "wait", str(p)])
    assert rc == 0 and "exit 3 (the foreground builds it again" in out and "broken" in out, out


def test_result_passes_the_status_on(tmp_path):
    for code in (0, 3):
        p = tmp_path / f"run{code}"
        run(["sh", BG, "start", ME, str(p), "sh", "-c", f"sleep 1; echo booted; exit {code}"])
        rc, out = run(["sh", BG, "result", str(p)])
        assert rc == code and "booted" in out, (code, out)
        assert (code == 0) == (f"exit {code}" not in out), out


def test_result_without_a_status_fails(tmp_path):
    """A job whose watcher was killed leaves no status: not a pass."""
    p = tmp_path / "run"
    run(["sh", BG, "start", ME, str(p), "sh", "-c", "sleep 60"])
    time.sleep(1)
    watcher = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if f"background.sh start {ME} {p}" in cmd:
            watcher.append(int(pid))
    assert watcher, "no watcher found"
    for w in watcher:
        os.kill(w, 9)
    os.kill(int((tmp_path / "run.pid").read_text()), 15)
    rc, out = run(["sh", BG, "result", str(p)])
    assert rc == 1 and "ended without a status" in out, out


def test_job_ends_with_its_owner(tmp_path):
    p = tmp_path / "background"
    owner = subprocess.Popen(["sleep", "60"])
    run(["sh", BG, "start", str(owner.pid), str(p), "sh", "-c", "sleep 60; echo never"])
    time.sleep(1)
    owner.kill()
    owner.wait()
    t0 = time.time()
    rc, out = run(["sh", BG, "wait", str(p)])
    assert rc == 0 and "exit 143" in out and time.time() - t0 < 20, out
    assert "never" not in (tmp_path / "background.log").read_text()


def test_start_stops_an_earlier_job(tmp_path):
    p = tmp_path / "background"
    run(["sh", BG, "start", ME, str(p), "sh", "-c", "sleep 60; echo old"])
    time.sleep(1)
    old = int((tmp_path / "background.pid").read_text())
    rc, out = run(["sh", BG, "start", ME, str(p), "sh", "-c", "echo new"])
    assert rc == 0 and "stopping the job an earlier run left" in out, out
    rc, out = run(["sh", BG, "wait", str(p)])
    assert rc == 0 and "done" in out, out
    assert (tmp_path / "background.log").read_text() == "new\n"
    try:
        os.kill(old, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive


def test_wait_without_start_fails(tmp_path):
    for verb in ("wait", "result"):
        rc, out = run(["sh", BG, verb, str(tmp_path / "nothing")])
        assert rc == 1 and "nothing was started" in out, (verb, out)


def test_usage(tmp_path):
    for args in ([], ["start", ME, str(tmp_path / "x")], ["wait"], ["result"], ["result", "a", "b"],
                 ["stop", "x"]):
        rc, out = run(["sh", BG, *args])
        assert rc == 2 and "usage" in out, (args, out)


def test_bad_owner_refused(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    rc, out = run(["sh", BG, "start", str(dead.pid), str(tmp_path / "b"), "true"])
    assert rc == 2 and "is no process" in out, out


def test_stale_pid_of_another_process_is_left_alone(tmp_path):
    """A pid file an earlier run left may name another process by now: a
    new start must not kill it (only a live timeout of a job is stopped)."""
    other = subprocess.Popen(["sleep", "30"])
    p = tmp_path / "background"
    (tmp_path / "background.pid").write_text(f"{other.pid}\n")
    rc, out = run(["sh", BG, "start", ME, str(p), "sh", "-c", "echo new"])
    assert rc == 0 and "stopping" not in out, out
    assert other.poll() is None
    other.kill()
    rc, out = run(["sh", BG, "wait", str(p)])
    assert rc == 0 and "done" in out and not (tmp_path / "background.pid").exists(), out
