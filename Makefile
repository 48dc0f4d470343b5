# Convenience targets; each calls a script in scripts/.
.PHONY: run test bench latency runtime-check soak fuzz instructions tsan phone-differential

run:
	scripts/run

test:
	scripts/test

bench:
	scripts/bench

latency:
	scripts/latency

runtime-check:
	scripts/check-runtime-image

soak:
	scripts/soak

fuzz:
	scripts/fuzz

instructions:
	scripts/instructions

tsan:
	scripts/tsan

phone-differential:
	scripts/phone-differential
