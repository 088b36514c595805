#!/bin/sh
# Writes an ANMLite logistics model the way a planning user writes one:
# trucks drive between places and load and unload packages; a package is
# at a place, in a truck, or being taken out of one.  Each package/truck
# pair is tied by four constraints (the truck's Load/Unload and the
# package's In/Out start together, at the same place x).
#   sh tests/anml/gen-logistics.sh TRUCKS PACKAGES PLACES > MODEL.anml
# Packages start at places round-robin from the depot and go to the
# place two further on; trucks start at the depot.
set -eu
T=$1 P=$2 L=$3
places="depot a b c d e f g"
place() { echo "$places" | tr ' ' '\n' | sed -n "$(( $1 % L + 1 ))p"; }
list() { # list PREFIX N
	i=1; s=
	while [ "$i" -le "$2" ]; do s="$s${s:+, }$1$i"; i=$((i + 1)); done
	echo "$s"
}
pl=$(i=0; s=; while [ $i -lt "$L" ]; do s="$s${s:+, }$(place $i)"; i=$((i + 1)); done; echo "$s")
cat <<HEAD
// logistics: $T trucks, $P packages, $L places (tests/anml/gen-logistics.sh $T $P $L)
PLAN logistics
TYPES
  place = {$pl}
  truck = {$(list tr "$T")}
  pkg = {$(list p "$P")}

TIMELINE Truck
  ACTIONS
    Wait(p: place): [1,_]
    Drive(from, to: place): [2,2]
    Load(k: pkg, p: place): [1,1]
    Unload(k: pkg, p: place): [1,1]
  TRANSITIONS
    Wait(x) -> (Drive(x,_) | Load(_,x) | Unload(_,x))
    Drive(_,y) -> (Wait(y) | Load(_,y) | Unload(_,y))
    Load(_,x) -> (Drive(x,_) | Load(_,x) | Unload(_,x) | Wait(x))
    Unload(_,x) -> (Drive(x,_) | Load(_,x) | Unload(_,x) | Wait(x))
END Truck

TIMELINE Pkg
  ACTIONS
    At(p: place): [1,_]
    In(t: truck, from: place): [1,_]
    Out(t: truck, to: place): [1,1]
  TRANSITIONS
    At(x) -> In(_, x)
    In(t, _) -> Out(t, _)
    Out(_, y) -> At(y)
END Pkg

VARIABLES
  $(list t "$T"): Truck
  $(list k "$P"): Pkg

INITIAL-STATE
HEAD
i=1; while [ $i -le "$T" ]; do echo "  |-> t$i.Wait(depot)"; i=$((i + 1)); done
i=1; while [ $i -le "$P" ]; do echo "  |-> k$i.At($(place $(( (i - 1) / 2 ))))"; i=$((i + 1)); done
echo
echo "GOALS"
i=1; while [ $i -le "$P" ]; do echo "  k$i.At($(place $(( (i - 1) / 2 + 2 ))))"; i=$((i + 1)); done
echo
echo "CONSTRAINTS"
i=1
while [ $i -le "$P" ]; do
	j=1
	while [ $j -le "$T" ]; do
		echo "  t$j.Load(p$i, x).start <= k$i.In(tr$j, x).start"
		echo "  k$i.In(tr$j, x).start <= t$j.Load(p$i, x).end"
		echo "  t$j.Unload(p$i, x).start <= k$i.Out(tr$j, x).start"
		echo "  k$i.Out(tr$j, x).start <= t$j.Unload(p$i, x).end"
		j=$((j + 1))
	done
	i=$((i + 1))
done
echo "END logistics"
