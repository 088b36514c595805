# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
# spin-dmc -- directed model checking for SPIN.
#   make            build the plugin, the runtime library, the glue and the
#                   driver build/dmc (./dmc is a symbolic link to it)
#   make check      unit tests (with ASan/UBSan) and the quick end-to-end tier
#                   (tests/e2e/quick.sh: about 20 models against SPIN's results
#                   in tests/oracle/) and the layout check (tests/layout.sh);
#                   make oracle rewrites those with SPIN
#   make e2e        every end-to-end script, E2E_JOBS at once (default: the
#                   number of cores)
#   make demo       SPIN's BFS and spin-dmc side by side on the bundled example
#   make bench      benchmark table against SPIN's DFS and BFS (docs/benchmarks.md)
#                   the guidance corpus (docs/benchmarks-guidance.md) and the
#                   pattern databases (docs/benchmarks-pdb.md), the
#                   distributed search against one process (stdout only),
#                   and the cost of one hL/hU evaluation beside SPIN's per
#                   state (docs/benchmarks-hcost.md; make bench-hcost alone);
#                   with CORPUS_DIR=DIR also every heuristic and the default
#                   on the public models in DIR against SPIN's verdict
#                   (tests/bench/corpus.sh, CORPUS_LIMIT seconds a run,
#                   default 10; docs/benchmarks-corpus.md); with SWEEP_DIR=DIR
#                   every configuration of make bench, the default and each
#                   ltl formula on the models in DIR against SPIN's verdict,
#                   every trail replayed (tests/bench/sweep.sh, SWEEP_LIMIT
#                   seconds a run, default 10; docs/corpus-sources.md); with
#                   DEFAULT_DIR=DIR dmc's default (dmc check MODEL, no option)
#                   against SPIN DFS+POR, DFS and BFS on the models in DIR:
#                   wall, CPU, states, trails and issue 38's goals
#                   (tests/bench/default.sh, DEFAULT_LIMIT seconds a run,
#                   default 60; DEFAULT_DMC_OPTS adds dmc options;
#                   docs/benchmarks-default.md)
#   make install    install under $(DESTDIR)$(PREFIX) (PREFIX: ./configure
#                   --prefix, default /usr/local); make uninstall; make deb
#                   a Debian package of it (dpkg-deb)
#   make docs       docs/options.md and docs/dmc.1 from the option and command
#                   tables (runtime/options.def, driver/commands.def)
#   make pictures   docs/pictures/*.svg (docs/pictures.md) from bundled models
#   make fuzz       libFuzzer harnesses (clang, ASan/UBSan) in build/fuzz/;
#                   make fuzz-run fuzzes each FUZZ_SECONDS; make check-full is
#                   the unit tests, make e2e, the fuzz corpora replayed and
#                   60 s per harness (docs/fuzzing.md)

-include config.mk
ifeq ($(wildcard config.mk),)
$(error run ./configure first)
endif

B       := build
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN    := -Wall -Wextra
CFLAGS  ?= -O2 -g
INC     := -Iruntime -Imodel -Iheuristics -I$(B)/gen
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer

# the runtime: the searches (runtime/), the abstract model of pan's
# tables every heuristic reads (model/) and the heuristics (heuristics/)
RT_SRC  := $(wildcard runtime/*.c) $(wildcard model/*.c) $(wildcard heuristics/*.c)
# the heuristics' own options and results members, and the searches'
# results members, read from their files' DMC_DESCRIBE blocks
# (runtime/describe.sh); options.def and report.c include them
DESC_DEF := $(B)/gen/heuristic_desc.def $(B)/gen/search_desc.def
RT_OBJ  := $(patsubst %.c,$(B)/obj/%.o,$(RT_SRC))
SHARE_H := runtime/runtime.h runtime/bridge.h runtime/por.h runtime/grow.h runtime/hash_map.h
# the glue, compiled beside each model's pan.c: its files are listed in
# spin-plugin/glue_sources.def (the driver reads the list too)
GLUE_SRC := $(shell sed -n 's/^DMC_GLUE_SOURCE("\(.*\)")$$/\1/p' spin-plugin/glue_sources.def)
GLUE_SHARE := $(addprefix $(B)/share/,$(GLUE_SRC) glue.h)
# the distributed search (docs/distributed.md): dmc cc --mpi adds
# glue_dist.c and libdmc_mpi.a (runtime/dist.c with MPI's headers) when
# configure found Open MPI
MPI_SHARE := $(B)/share/glue_dist.c $(B)/share/dist.h
MPI_LIB := $(if $(strip $(MPI_LIBS)),$(B)/libdmc_mpi.a)
# the types of the generated headers dmc cc --meta compiles into pan
META_H  := model/timeline_data.h model/plan_graph.h model/pddl_task.h

# the driver, dmc: its library directory is the executable's own (build/),
# or DMC_LIBDIR_DEFAULT when installed (see driver/env.h)
# the front ends (frontends/LANGUAGE/, listed in frontends/common/
# frontends.def) are part of the driver: every folder's sources are
# found here, each folder is on the include path
FE_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard frontends/*/*.c frontends/*/*.h frontends/*/*.def))))
FE_SRC  := $(foreach d,$(FE_DIRS),$(wildcard $(d)/*.c))
FE_H    := $(foreach d,$(FE_DIRS),$(wildcard $(d)/*.h $(d)/*.def))
DRV_SRC := $(wildcard driver/*.c) $(FE_SRC)
# the option tables (runtime/options.def) are the runtime's and the driver's
# (hcache.c parses --hcache for both; it keeps its entries in hash_map.c),
# and both draw pictures (svg.c); the portfolio splits the runtime's
# default memory limit (memlim.c) between its members and says what
# SPIN's member checked in the runtime's words (checked.c)
DRV_SHARED := runtime/options_table.c heuristics/hcache.c runtime/hash_map.c runtime/version.c \
              runtime/svg.c runtime/memlim.c runtime/checked.c
DRV_OBJ := $(patsubst %.c,$(B)/obj/%.o,$(DRV_SRC) $(DRV_SHARED))
DRV_H   := $(wildcard driver/*.h) $(FE_H) runtime/options_table.h $(DESC_DEF) \
           $(wildcard runtime/*.def heuristics/*.def) spin-plugin/redirects.def \
           spin-plugin/glue_sources.def
DRV_INC := -Idriver $(addprefix -I,$(FE_DIRS)) -Ispin-plugin -I$(B)/gen $(EXPAT_CFLAGS) $(CJSON_CFLAGS)
# the driver's libraries: expat (UPPAAL XML), cJSON (dmc check's results)
DRV_LIBS := $(EXPAT_LIBS) $(CJSON_LIBS)
# pan links the runtime's Lua binding: the driver adds these libraries
DRV_DEF := -DDMC_LUA_LIBS='"$(strip $(LUA_LIBS))"' \
           -DDMC_MPI_CFLAGS='"$(strip $(MPI_CFLAGS))"' -DDMC_MPI_LIBS='"$(strip $(MPI_LIBS))"'
# the commands and their options (driver/commands.def): help.h includes
# them, and the commands' parsers read them (cmd_args.h)
DRV_H   += $(wildcard driver/*.def)

# The unit tests link the whole runtime: tests/unit/fake_bridge.c stands
# for pan's model and fake_pan.c for the glue (it drives the searches)
UNIT_TESTS := $(patsubst tests/unit/%.c,$(B)/unit/%,$(wildcard tests/unit/test_*.c))
UNIT_SRC   := $(RT_SRC) \
              $(filter-out driver/main.c,$(DRV_SRC)) \
              $(wildcard tests/unit/fake_*.c)

.PHONY: all check unit e2e oracle bench bench-hcost demo install clean
all: $(B)/dmc-gcc.so $(B)/libdmc.a $(GLUE_SHARE) $(MPI_SHARE) $(MPI_LIB) $(B)/share/dmc_tables.h \
     $(addprefix $(B)/share/,$(notdir $(SHARE_H) $(META_H))) $(B)/dmc $(B)/spin-dmc.pc

# the version (version.sh), rewritten only when it changed: only
# runtime/version.c is compiled again
.PHONY: FORCE
$(B)/gen/version_string.h: FORCE
	@mkdir -p $(@D)
	@printf '#define DMC_VERSION_STRING "%s"\n' "$$(sh version.sh)" > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(B)/obj/runtime/version.o $(B)/uobj/runtime/version.o $(B)/fuzz/obj/runtime/version.o: $(B)/gen/version_string.h

# (rewritten only when a block changed: editing a file recompiles it alone)
$(B)/gen/heuristic_desc.def: runtime/describe.sh heuristics/heuristics.def $(wildcard heuristics/h_*.c)
	@mkdir -p $(@D)
	@sh runtime/describe.sh heuristics heuristics > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(B)/gen/search_desc.def: runtime/describe.sh $(wildcard runtime/*.c)
	@mkdir -p $(@D)
	@sh runtime/describe.sh files $(sort $(wildcard runtime/*.c)) > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(B)/dmc-gcc.so: spin-plugin/dmc_plugin.cc spin-plugin/redirects.def
	@mkdir -p $(@D)
	$(CXX) -std=gnu++17 -shared -fPIC -fno-rtti -O2 $(WARN) -I$(GCC_PLUGIN_DIR)/include $< -o $@

$(B)/obj/%.o: %.c $(wildcard runtime/*.h) $(wildcard model/*.h heuristics/*.h) $(wildcard runtime/*.def heuristics/*.def) $(DESC_DEF)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CFLAGS) $(WARN) $(INC) $(LUA_CFLAGS) -c $< -o $@

$(B)/libdmc.a: $(RT_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/mpiobj/runtime/dist.o: runtime/dist.c $(wildcard runtime/*.h) config.mk $(DESC_DEF)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CFLAGS) $(WARN) -DDMC_MPI $(MPI_CFLAGS) $(INC) -c $< -o $@

$(B)/libdmc_mpi.a: $(B)/mpiobj/runtime/dist.o
	@rm -f $@
	ar rcs $@ $^

$(B)/obj/driver/%.o: driver/%.c $(DRV_H) config.mk
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CFLAGS) $(WARN) $(DRV_INC) $(DRV_DEF) -c $< -o $@

# C a front end copies into its output (NAME_ctext.h, which holds no
# preprocessor directive): build/gen/NAME_ctext.inc is it as a C string
FE_CTEXT := $(foreach d,$(FE_DIRS),$(wildcard $(d)/*_ctext.h))
FE_CTEXT_INC := $(patsubst %.h,$(B)/gen/%.inc,$(notdir $(FE_CTEXT)))
vpath %_ctext.h $(FE_DIRS)
$(B)/gen/%_ctext.inc: %_ctext.h
	@mkdir -p $(@D)
	@sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@
DRV_H += $(FE_CTEXT_INC)

$(B)/obj/frontends/%.o: frontends/%.c $(DRV_H)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CFLAGS) $(WARN) $(DRV_INC) -c $< -o $@

$(B)/dmc: $(DRV_OBJ)
	$(CC) $(CFLAGS) $(DRV_OBJ) $(DRV_LIBS) -lm -o $@

$(B)/share/%: spin-plugin/%
	@mkdir -p $(@D)
	cp $< $@

$(B)/share/%.h: runtime/%.h
	@mkdir -p $(@D)
	cp $< $@

$(B)/share/%.h: heuristics/%.h
	@mkdir -p $(@D)
	cp $< $@

$(B)/share/%.h: model/%.h
	@mkdir -p $(@D)
	cp $< $@

$(B)/share/dmc_tables.h: spin-plugin/gen_tables.sh
	@mkdir -p $(@D)
	sh $< 256 > $@

# ---- tests ----
# make check: the unit tests and the quick end-to-end tier (a few minutes);
# make check-full (below) every end-to-end script and the fuzzers
# (check-quick: the quick tier, beside the unit tests under make -j)
# (layout: tests/layout.sh, the project's shape: no source file over
# 2,000 lines, each input language one folder behind frontends.def)
.PHONY: check-quick layout
check: all unit check-quick e2e-components layout
layout:
	@sh tests/layout.sh
check-quick: all
	@rm -rf $(B)/e2e/json && mkdir -p $(B)/e2e/json
	@DMC_E2E_JSON=$(CURDIR)/$(B)/e2e/json $(MAKE) --no-print-directory e2e-quick; rc=$$?; \
	 sh tests/e2e/json_kept.sh $(B)/e2e/json || rc=1; exit $$rc

# SPIN's results for the quick tier's models (tests/e2e/quick.list),
# committed in tests/oracle/
oracle: all
	sh tests/oracle/generate.sh

unit: $(UNIT_TESTS)
	@fail=0; for t in $(UNIT_TESTS); do $$t || fail=1; done; exit $$fail

# the code under test is compiled once with the sanitizers, then linked
# into every test
UNIT_OBJ := $(patsubst %.c,$(B)/uobj/%.o,$(UNIT_SRC))
.SECONDARY: $(UNIT_OBJ)

$(B)/uobj/%.o: %.c $(wildcard tests/unit/*.h) $(wildcard runtime/*.h) $(wildcard model/*.h heuristics/*.h) $(DRV_H)
	@mkdir -p $(@D)
	$(CC) $(CSTD) -O1 -g $(WARN) -Werror $(SAN) $(INC) $(DRV_INC) $(DRV_DEF) $(LUA_CFLAGS) -Itests/unit -I. -c $< -o $@

$(B)/unit/%: tests/unit/%.c $(UNIT_OBJ) $(wildcard tests/unit/*.h) $(wildcard runtime/*.h) $(wildcard model/*.h heuristics/*.h) $(DRV_H)
	@mkdir -p $(@D)
	$(CC) $(CSTD) -O1 -g $(WARN) -Werror $(SAN) $(INC) $(DRV_INC) $(LUA_CFLAGS) -Itests/unit -I. $< $(UNIT_OBJ) $(DRV_LIBS) $(LUA_LIBS) -lm -o $@

# The end-to-end scripts are independent (each has its own scratch
# directory and build cache), and each runs one spin, gcc or pan at a
# time: E2E_JOBS of them run at once, the longest first.  Each script's
# output goes to build/e2e/NAME.log and is printed whole when it ends.
# quick is make check's tier; the others are make check-full's matrix
E2E_SCRIPTS := run por chains liveness properties portfolio uppaal uppaal_queries uppaal_zones uppaal_cost lua anml pddl cli soundness frontend faults driver rendezvous guidance pdb pdb_families package readme json_schema anytime quick ut stores distributed banner sweep default_bench hgoal hvalues hbudget components
E2E_JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
# every JSON the scripts read is kept (tests/json.sh) and validated
e2e: all
	@rm -rf $(B)/e2e/json && mkdir -p $(B)/e2e/json
	@DMC_E2E_JSON=$(CURDIR)/$(B)/e2e/json $(MAKE) --no-print-directory -k -j$(E2E_JOBS) $(E2E_SCRIPTS:%=e2e-%); rc=$$?; \
	 sh tests/e2e/json_kept.sh $(B)/e2e/json || rc=1; exit $$rc

# a static pattern rule: make skips implicit rules for phony targets
.PHONY: $(E2E_SCRIPTS:%=e2e-%)
$(E2E_SCRIPTS:%=e2e-%): e2e-%: all
	@mkdir -p $(B)/e2e
	@echo "e2e: tests/e2e/$*.sh started"
	@start=$$(date +%s); sh tests/e2e/$*.sh > $(B)/e2e/$*.log 2>&1; rc=$$?; \
	 echo "---- tests/e2e/$*.sh ($$(( $$(date +%s) - start )) s, exit $$rc) ----"; \
	 cat $(B)/e2e/$*.log; exit $$rc

# ---- fuzzing (docs/fuzzing.md) ----
# The code under test is compiled again with clang's coverage and the
# sanitizers; each harness links all of it (like the unit tests).
FUZZ_CC      ?= clang
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_HARNESS := xta xml query anml stmt lua plan pddl
FUZZ_BINS    := $(FUZZ_HARNESS:%=$(B)/fuzz/fuzz_%)
FUZZ_OBJ     := $(patsubst %.c,$(B)/fuzz/obj/%.o,$(UNIT_SRC) tests/fuzz/fuzz_mutate.c)
FUZZ_SECONDS ?= 60
.PHONY: fuzz fuzz-run fuzz-replay check-full
.SECONDARY: $(FUZZ_OBJ)

$(B)/fuzz/obj/%.o: %.c $(wildcard tests/fuzz/*.h) $(wildcard runtime/*.h) $(wildcard model/*.h heuristics/*.h) $(DRV_H)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CSTD) -O1 -g $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(INC) $(DRV_INC) $(DRV_DEF) \
		$(LUA_CFLAGS) -Itests/unit -I. -c $< -o $@

$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ) $(wildcard tests/fuzz/*.h)
	$(FUZZ_CC) $(CSTD) -O1 -g $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer $(INC) $(DRV_INC) $(LUA_CFLAGS) \
		-Itests/unit -I. $< $(FUZZ_OBJ) $(DRV_LIBS) $(LUA_LIBS) -lm -o $@

fuzz: $(FUZZ_BINS)

fuzz-run: fuzz
	sh tests/fuzz/run.sh fuzz $(FUZZ_SECONDS) $(FUZZ_HARNESS)

fuzz-replay: fuzz
	sh tests/fuzz/run.sh replay 0 $(FUZZ_HARNESS)

check-full: all unit e2e fuzz
	sh tests/fuzz/run.sh replay 0 $(FUZZ_HARNESS)
	sh tests/fuzz/run.sh fuzz 60 $(FUZZ_HARNESS)

# docs/options.md and the man page docs/dmc.1 are generated from the option
# and command tables (runtime/options.def, driver/commands.def);
# tests/unit/test_options.c and tests/e2e/cli.sh fail when it is stale
.PHONY: docs
.PHONY: pictures
pictures: all
	sh docs/pictures/generate.sh

docs: $(B)/dmc
	$(B)/dmc help --markdown > docs/options.md
	$(B)/dmc help --man > docs/dmc.1

bench: all
	sh tests/bench/run.sh
	sh tests/bench/anml.sh
	sh tests/bench/pddl.sh
	sh tests/bench/liveness.sh
	sh tests/bench/guidance.sh
	sh tests/bench/pdb.sh
	sh tests/bench/distributed.sh
	sh tests/bench/ut.sh
	sh tests/bench/hcost.sh
	if [ -n "$(CORPUS_DIR)" ]; then sh tests/bench/corpus.sh "$(CORPUS_DIR)" $(CORPUS_LIMIT); fi
	if [ -n "$(SWEEP_DIR)" ]; then sh tests/bench/sweep.sh "$(SWEEP_DIR)" $(SWEEP_LIMIT); fi
	if [ -n "$(DEFAULT_DIR)" ]; then sh tests/bench/default.sh "$(DEFAULT_DIR)" $(DEFAULT_LIMIT); fi

bench-hcost: all
	sh tests/bench/hcost.sh

demo: all
	sh contrib/demo.sh

# make install [PREFIX=/usr] [DESTDIR=stage]: dmc, the runtime, plugin and
# glue ($(PREFIX)/lib/spin-dmc), spin-dmc.pc (the by-hand build with
# pkg-config), the man page, bash completion and the docs; make uninstall
# removes them.
# The installed dmc has its library directory compiled in.
DESTDIR   ?=
BINDIR     = $(PREFIX)/bin
PKGLIBDIR  = $(PREFIX)/lib/spin-dmc
PCDIR      = $(PREFIX)/lib/pkgconfig
MANDIR     = $(PREFIX)/share/man/man1
DOCDIR     = $(PREFIX)/share/doc/spin-dmc
COMPDIR    = $(PREFIX)/share/bash-completion/completions

# spin-dmc.pc for the library directory $(1): what dmc cc adds to a
# compile of pan.c (driver/cc.c), for pan.c built by hand
pc_text = printf '%s\n' 'libdir=$(1)' 'sharedir=$${libdir}/share' '' 'Name: spin-dmc' \
	'Description: directed model checking for SPIN: the runtime, GCC plugin and glue pan is built with' \
	"Version: $$(sh version.sh)" \
	'Cflags: -DBFS -fcommon -fplugin=$${libdir}/dmc-gcc.so -I$${sharedir}' \
	'Libs: $(addprefix $${sharedir}/,$(GLUE_SRC)) -L$${libdir} -ldmc $(strip $(LUA_LIBS)) -lm'

# the build tree's: PKG_CONFIG_PATH=build pkg-config --cflags --libs spin-dmc
$(B)/spin-dmc.pc: $(B)/gen/version_string.h config.mk spin-plugin/glue_sources.def
	@$(call pc_text,$(abspath $(B))) > $@

# the library directory the files below are made for, rewritten when
# it changes: a make install to another PREFIX (make deb's /usr after an
# install to /opt/x) makes them again instead of installing the last one's
$(B)/install/libdir: FORCE
	@mkdir -p $(@D)
	@if [ "$$(cat $@ 2>/dev/null)" != '$(PKGLIBDIR)' ]; then echo '$(PKGLIBDIR)' > $@; fi

$(B)/install/spin-dmc.pc: $(B)/gen/version_string.h config.mk spin-plugin/glue_sources.def $(B)/install/libdir
	@mkdir -p $(@D)
	@$(call pc_text,$(PKGLIBDIR)) > $@

$(B)/install/dmc: $(DRV_SRC) $(DRV_SHARED) $(DRV_H) $(B)/gen/version_string.h config.mk $(B)/install/libdir
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CFLAGS) $(WARN) -DDMC_LIBDIR_DEFAULT='"$(PKGLIBDIR)"' \
		$(DRV_INC) $(INC) $(DRV_DEF) $(DRV_SRC) $(DRV_SHARED) $(DRV_LIBS) -lm -o $@

.PHONY: uninstall
install: all $(B)/install/dmc $(B)/install/spin-dmc.pc
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGLIBDIR)/share $(DESTDIR)$(PCDIR) \
		$(DESTDIR)$(MANDIR) $(DESTDIR)$(DOCDIR) $(DESTDIR)$(COMPDIR)
	install -m 644 $(B)/libdmc.a $(B)/dmc-gcc.so $(MPI_LIB) $(DESTDIR)$(PKGLIBDIR)/
	install -m 644 $(B)/share/* $(DESTDIR)$(PKGLIBDIR)/share/
	install -m 755 $(B)/install/dmc $(DESTDIR)$(BINDIR)/dmc
	install -m 644 $(B)/install/spin-dmc.pc $(DESTDIR)$(PCDIR)/spin-dmc.pc
	install -m 644 docs/dmc.1 $(DESTDIR)$(MANDIR)/dmc.1
	$(B)/dmc help --bash-completion > $(B)/install/dmc.bash
	install -m 644 $(B)/install/dmc.bash $(DESTDIR)$(COMPDIR)/dmc
	install -m 644 README.md LICENSE docs/*.md $(DESTDIR)$(DOCDIR)/

# make deb: build/spin-dmc_VERSION_ARCH.deb of make install PREFIX=/usr
.PHONY: deb
deb: all
	rm -rf $(B)/deb
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(B))/deb PREFIX=/usr
	sh contrib/deb.sh $(B)/deb $(B)/spin-dmc.deb

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/dmc $(DESTDIR)$(PCDIR)/spin-dmc.pc $(DESTDIR)$(MANDIR)/dmc.1 \
		$(DESTDIR)$(COMPDIR)/dmc
	rm -rf $(DESTDIR)$(PKGLIBDIR) $(DESTDIR)$(DOCDIR)

clean:
	rm -rf $(B)
