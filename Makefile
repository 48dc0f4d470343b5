# Convenience targets; each calls a script in scripts/.
.PHONY: run test quick bench latency runtime-check soak fuzz instructions tsan phone-differential release-dry-run

run:
	scripts/run

test:
	scripts/test

quick:
	scripts/test --quick

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

release-dry-run:
	scripts/release --dry-run
