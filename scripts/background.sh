#!/bin/sh
# background.sh start PREFIX COMMAND... | wait PREFIX
#
# make check builds the next kernel while the one before it boots: QEMU's
# TCG keeps one core busy for minutes and the other would idle. "start"
# runs COMMAND at the lowest priority (nice 19, so that the foreground
# stages keep their speed) in the background, its output in PREFIX.log,
# its exit status, once it ends, in PREFIX.rc. "wait" waits for PREFIX.rc
# and says how the command ended. The verdict is not the background's:
# the foreground stage that follows runs the same make again, which only
# checks that everything is built when the background build finished,
# and builds (and fails) in the foreground when it did not.
set -eu

case ${1:-} in
start)
	[ $# -ge 3 ] || { echo "usage: background.sh start PREFIX COMMAND..." >&2; exit 2; }
	prefix=$2
	shift 2
	mkdir -p "$(dirname "$prefix")"
	rm -f "$prefix.rc" "$prefix.log"
	# at most an hour: a foreground that stopped must not leave it for ever
	(
		set +e
		nice -n 19 timeout 3600 "$@" >"$prefix.log" 2>&1 </dev/null
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
	while [ ! -f "$prefix.rc" ]; do
		sleep 2
	done
	rc=$(cat "$prefix.rc")
	if [ "$rc" = 0 ]; then
		echo "background: $prefix: done"
	else
		echo "background: $prefix: exit $rc (the foreground builds it again; log: $prefix.log)"
		tail -5 "$prefix.log" | sed 's/^/background:   /'
	fi
	;;
*)
	echo "usage: background.sh start PREFIX COMMAND... | wait PREFIX" >&2
	exit 2
	;;
esac
