#!/bin/sh
# background.sh start OWNER PREFIX COMMAND... | wait PREFIX
#
# make check builds the next kernel while the stages before it run: QEMU's
# TCG keeps one core busy for minutes and the other would idle. "start"
# runs COMMAND at the lowest priority (nice 19, so that the foreground
# stages keep their speed) in the background, its output in PREFIX.log,
# its process id in PREFIX.pid and, once it ends, its exit status in
# PREFIX.rc. It ends with OWNER (the make that started it: a make check
# that fails or is interrupted takes it along) and after an hour at most;
# a job of an earlier run under the same PREFIX is stopped first. "wait"
# waits for PREFIX.rc and says how the command ended. The verdict is not
# the background's: the foreground stage that follows runs the same make
# again, which only checks that everything is built when the background
# build finished, and builds (and fails) in the foreground when it did
# not.
set -eu

alive() {
	[ -f "$1.pid" ] && kill -0 "$(cat "$1.pid")" 2>/dev/null
}

case ${1:-} in
start)
	[ $# -ge 4 ] || { echo "usage: background.sh start OWNER PREFIX COMMAND..." >&2; exit 2; }
	owner=$2
	prefix=$3
	shift 3
	mkdir -p "$(dirname "$prefix")"
	if alive "$prefix"; then
		echo "background: stopping the job an earlier run left as $prefix"
		kill "$(cat "$prefix.pid")" 2>/dev/null || :
		while alive "$prefix"; do
			sleep 1
		done
		# and its watcher has written the status, not into the new job's
		n=0
		while [ ! -f "$prefix.rc" ] && [ $n -lt 10 ]; do
			sleep 1
			n=$((n + 1))
		done
	fi
	rm -f "$prefix.rc" "$prefix.pid"
	: >"$prefix.log"
	(
		set +e
		# timeout forwards a TERM to its whole process group
		nice -n 19 timeout 3600 "$@" >"$prefix.log" 2>&1 </dev/null &
		job=$!
		echo "$job" >"$prefix.pid"
		while kill -0 "$job" 2>/dev/null; do
			if ! kill -0 "$owner" 2>/dev/null; then
				kill "$job" 2>/dev/null
				break
			fi
			sleep 2
		done
		wait "$job"
		echo $? >"$prefix.rc.tmp"
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
	while [ ! -f "$prefix.rc" ] && alive "$prefix"; do
		sleep 2
	done
	# the job has ended: its status follows within a moment, if at all
	n=0
	while [ ! -f "$prefix.rc" ] && [ $n -lt 10 ]; do
		sleep 1
		n=$((n + 1))
	done
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
