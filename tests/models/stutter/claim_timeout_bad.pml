/* timeout moves P on; blocked for good after x = 3, the claim stutters. */
byte x;
active proctype P() { x = 1; timeout; x = 3; false }
never { do :: x == 3 -> break :: else od; x == 3; x == 3 }
