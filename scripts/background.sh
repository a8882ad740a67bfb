#!/bin/sh
# background.sh start OWNER PREFIX COMMAND... | wait PREFIX
#
# make check builds the next kernel while the stages before it run: QEMU's
# TCG keeps one core busy for minutes and the other would idle. "start"
# runs COMMAND at the lowest priority (nice 19, so that the foreground
# stages keep their speed) in the background, its output in PREFIX.log,
# its process id in PREFIX.pid while it runs and, once it ends, its exit
# status in PREFIX.rc. It ends with OWNER (the make that started it: a
# make check that fails or is interrupted takes it along), when its
# watcher is signalled, and after an hour at most; a job of an earlier
# run under the same PREFIX is stopped first. "wait" waits for PREFIX.rc
# and says how the command ended. The verdict is not the background's:
# the foreground stage that follows runs the same make again, which only
# checks that everything is built when the background build finished,
# and builds (and fails) in the foreground when it did not.
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
	if [ ! -f "$prefix.log" ]; then
		echo "background: nothing was started as $prefix" >&2
		exit 1
	fi
	# the job writes its pid right after it starts
	n=0
	while [ ! -f "$prefix.pid" ] && [ ! -f "$prefix.rc" ] && [ $n -lt 10 ]; do
		sleep 1
		n=$((n + 1))
	done
	while alive "$prefix"; do
		sleep 2
	done
	# the job has ended: its status follows within a moment, if at all
	wait_status "$prefix"
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
*)
	echo "usage: background.sh start OWNER PREFIX COMMAND... | wait PREFIX" >&2
	exit 2
	;;
esac
