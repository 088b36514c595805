/* independent processes that each count to 9 with local steps only */
active [10] proctype p()
{
	byte i;
	do
	:: i < 30 -> i++
	:: else -> break
	od;
	assert(i == 30)
}
