/* readers_writers_bad.pml -- written for spin-dmc's guidance corpus.
 * Readers and writers sharing a resource (R readers, 2 writers), with an
 * injected bug: a writer tests "no readers and no writer" and then, in a
 * separate step, marks itself writing, so a reader (or another writer)
 * can slip in between.  Violation: assertion (a writer alone). */
#ifndef R
#define R 3
#endif

byte readers;
bool writing;
byte nwriters;

proctype Reader()
{
	do
	:: atomic { !writing -> readers++ };
	   assert(nwriters == 0);
	   readers--
	od
}

proctype Writer()
{
	do
	:: (readers == 0 && !writing);	/* bug: test and set are not atomic */
	   writing = true;
	   nwriters++;
	   assert(readers == 0 && nwriters == 1);
	   nwriters--;
	   writing = false
	od
}

init {
	byte i;
	atomic {
		i = 0;
		do :: i < R -> run Reader(); i++ :: else -> break od;
		run Writer(); run Writer()
	}
}
