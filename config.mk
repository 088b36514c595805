# written by ./configure
CC = gcc
CXX = g++
PREFIX = /usr/local
GCC_PLUGIN_DIR = /usr/lib/gcc/x86_64-linux-gnu/12/plugin
LUA_CFLAGS = -I/usr/include/lua5.4 
LUA_LIBS = -llua5.4 
SPIN = /usr/bin/spin
