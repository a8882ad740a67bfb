#!/bin/sh
# background.sh start OWNER PREFIX COMMAND... | wait PREFIX | result PREFIX
#
# make check keeps both cores busy: QEMU's TCG keeps one core for minutes,
# and a kernel build waits for nothing but the CPU. "start" runs COMMAND
# at the lowest priority (nice 19, so that the foreground stages keep
# their speed) in the background, its output in PREFIX.log, its process
# id in PREFIX.pid while it runs and, once it ends, its exit status in
# PREFIX.rc. It ends with OWNER (the make that started it: a make check
# that fails or is interrupted takes it along), when its watcher is
# signalled, and after an hour at most; a job of an earlier run under the
# same PREFIX is stopped first.
#
# Two ways to end: "wait" waits for PREFIX.rc and says how the command
# ended, but the verdict is not the background's: the foreground stage
# that follows runs the same make again, which only checks that everything
# is built when the background build finished, and builds (and fails) in
# the foreground when it did not. "result" is for a job nobody runs again
# (a kernel's boot beside another's): it waits, prints PREFIX.log and
# exits with the job's status (1 when the job left none).
set -eu

# PREFIX's job runs: its pid file names a live process that is its
# timeout (a pid of an earlier boot or run may name another process now)
alive() {
	[ -f "$1.pid" ] && [ ! -f "$1.rc" ] || return 1
	_pid=$(cat "$1.pid")
	[ -n "$_pid" ] && kill -0 "$_pid" 2>/dev/null &&
		tr '\0' ' ' <"/proc/$_pid/cmdline" 2>/dev/null | grep -q '^timeout '
}

# wait_status PREFIX: give the watcher up to 10 s to write PREFIX.rc
# (it writes it right after the job ends, if at all)
wait_status() {
	_n=0
	while [ ! -f "$1.rc" ] && [ $_n -lt 10 ]; do
		sleep 1
		_n=$((_n + 1))
	done
}

# wait_job PREFIX: wait until PREFIX's job has ended (1: nothing was
# started under PREFIX)
wait_job() {
	if [ ! -f "$1.log" ]; then
		echo "background: nothing was started as $1" >&2
		return 1
	fi
	# the job writes its pid right after it starts
	_n=0
	while [ ! -f "$1.pid" ] && [ ! -f "$1.rc" ] && [ $_n -lt 10 ]; do
		sleep 1
		_n=$((_n + 1))
	done
	while alive "$1"; do
		sleep 2
	done
	# the job has ended: its status follows within a moment, if at all
	wait_status "$1"
}

case ${1:-} in
start)
	[ $# -ge 4 ] || { echo "usage: background.sh start OWNER PREFIX COMMAND..." >&2; exit 2; }
	owner=$2
	prefix=$3
	shift 3
	if ! kill -0 "$owner" 2>/dev/null; then
		echo "background: OWNER $owner is no process" >&2
		exit 2
	fi
	mkdir -p "$(dirname "$prefix")"
	if alive "$prefix"; then
		echo "background: stopping the job an earlier run left as $prefix"
		kill "$(cat "$prefix.pid")" 2>/dev/null || :
		n=0
		while alive "$prefix" && [ $n -lt 60 ]; do
			sleep 1
			n=$((n + 1))
		done
		# and its watcher has written the status, not into the new job's
		wait_status "$prefix"
	fi
	rm -f "$prefix.rc" "$prefix.pid"
	: >"$prefix.log"
	(
		set +e
		# timeout runs the command in a process group of its own and
		# forwards a TERM to all of it
		nice -n 19 timeout -k 30 3600 "$@" >"$prefix.log" 2>&1 </dev/null &
		job=$!
		trap 'kill $job 2>/dev/null' HUP INT TERM
		echo "$job" >"$prefix.pid.tmp"
		mv "$prefix.pid.tmp" "$prefix.pid"
		while kill -0 "$job" 2>/dev/null; do
			if ! kill -0 "$owner" 2>/dev/null; then
				kill "$job" 2>/dev/null
				break
			fi
			sleep 2
		done
		wait "$job"
		rc=$?
		rm -f "$prefix.pid"
		echo $rc >"$prefix.rc.tmp"
		mv "$prefix.rc.tmp" "$prefix.rc"
	) </dev/null >/dev/null 2>&1 &
	echo "background: started: $* (log: $prefix.log)"
	;;
wait)
	[ $# -eq 2 ] || { echo "usage: background.sh wait PREFIX" >&2; exit 2; }
	prefix=$2
	wait_job "$prefix" || exit 1
	if [ ! -f "$prefix.rc" ]; then
		echo "background: $prefix: ended without a status (the foreground builds it again; log: $prefix.log)"
		exit 0
	fi
	rc=$(cat "$prefix.rc")
	if [ "$rc" = 0 ]; then
		echo "background: $prefix: done"
	else
		echo "background: $prefix: exit $rc (the foreground builds it again; log: $prefix.log)"
		tail -5 "$prefix.log" | sed 's/^/background:   /'
	fi
	;;
result)
	[ $# -eq 2 ] || { echo "usage: background.sh result PREFIX" >&2; exit 2; }
	prefix=$2
	wait_job "$prefix" || exit 1
	cat "$prefix.log"
	if [ ! -f "$prefix.rc" ]; then
		echo "background: $prefix: ended without a status" >&2
		exit 1
	fi
	rc=$(cat "$prefix.rc")
	if [ "$rc" != 0 ]; then
		echo "background: $prefix: exit $rc" >&2
		exit "$rc"
	fi
	;;
*)
	echo "usage: background.sh start OWNER PREFIX COMMAND... | wait PREFIX | result PREFIX" >&2
	exit 2
	;;
esac
