# SmartText container image: a release binary with the Swift runtime linked
# in statically, on debian:bookworm-slim with only the C/C++ libraries it
# loads at run time.
#
#   docker build -t smarttext .
#   docker run --rm -p 8080:8080 smarttext                    # built-in registry
#   docker run --rm -p 8080:8080 \
#       -v ./my-registry:/etc/smarttext:ro -e SMARTTEXT_CONFIG=/etc/smarttext smarttext
#   docker kill -s HUP CONTAINER      # reload the registry (SIGHUP); a bad one is
#                                     # rejected and the old one keeps serving
#   docker stop CONTAINER             # SIGTERM: finishes requests in flight, exits 0
#
# Every flag is also an environment variable (--max-body -> SMARTTEXT_MAX_BODY),
# and flags given after the image name go to the server:
#   docker run --rm -p 8080:8080 smarttext --access-log --threads 4
# Change the port with -e SMARTTEXT_PORT=..., not --port: the HEALTHCHECK
# probes 127.0.0.1:$SMARTTEXT_PORT.
#
# scripts/check-runtime-image checks the runtime stage without Docker: it
# installs RUNTIME_PACKAGES (read from this file) in a bare Debian bookworm
# root, runs the binary there as RUNTIME_UID and runs the HEALTHCHECK command.

# ---------------------------------------------------------------------------
# Build stage
# ---------------------------------------------------------------------------
FROM swift:6.3-bookworm AS build

# The -dev packages give the headers and pkg-config files of the C libraries
# (the same list as BUILD_PACKAGES in scripts/lib.sh).
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends \
        pkg-config libmicrohttpd-dev libphonenumber-dev libre2-dev libzxcvbn-dev libicu-dev \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
# Only what the build reads (there is no .dockerignore, so no `COPY . .`:
# it would send .build/ and .git/ too). Tests/ is needed although no test is
# built: SwiftPM checks that every target of Package.swift has its folder.
# clients/ holds the browser client and playground the binary embeds.
# scripts/check-runtime-image builds from exactly these COPY lines.
COPY Package.swift openapi.yaml VERSION ./
COPY Plugins ./Plugins
COPY registry ./registry
COPY clients ./clients
COPY Sources ./Sources
COPY Tests ./Tests

# --static-swift-stdlib links the Swift runtime into the binary, so the
# runtime stage needs no Swift toolchain. The binary is copied out of .build
# and stripped (about 13 MB -> 8 MB).
RUN swift build -c release --static-swift-stdlib --product smarttext-server \
    && install -D -m 0755 .build/release/smarttext-server /out/smarttext-server \
    && strip /out/smarttext-server

# ---------------------------------------------------------------------------
# Runtime stage
# ---------------------------------------------------------------------------
FROM debian:bookworm-slim AS runtime

# The only packages the image adds: the package of each shared library the
# binary links (its DT_NEEDED entries; libc6 and libgcc-s1 are in the base
# image, the Swift runtime is linked in statically), and CA certificates:
#   libmicrohttpd12  libmicrohttpd.so.12 (HTTP, through CMicroHTTPD)
#   libphonenumber8  libphonenumber.so.8 (phone numbers, through CPhoneNumber)
#   libre2-9         libre2.so.9 (the regex rule, through CRE2)
#   libzxcvbn0       libzxcvbn.so.0 (passwordStrength, through CZxcvbn)
#   libicu72         libicui18n.so.72, libicuuc.so.72 (collation, IDNA, locale
#                    names, through CICU)
#   libstdc++6       libstdc++.so.6 (the C++ shims)
# Tests/release/check_runtime_packages.py checks this list and these lines
# against the binary (readelf, ldd, dpkg); scripts/check-runtime-image reads
# the next two ARG lines: keep each on one line.
ARG RUNTIME_PACKAGES="libmicrohttpd12 libphonenumber8 libre2-9 libzxcvbn0 libicu72 libstdc++6 ca-certificates"
ARG RUNTIME_UID=10001
# The release this image is (VERSION; scripts/release sets it, Tests/release/check_versions.py checks it).
ARG SMARTTEXT_VERSION=0.1.0

# OCI image annotations (https://github.com/opencontainers/image-spec/blob/main/annotations.md).
LABEL org.opencontainers.image.title="SmartText" \
      org.opencontainers.image.description="As-you-type formatting with a correct caret, and validation with friendly messages, for form fields: an HTTP service." \
      org.opencontainers.image.version="${SMARTTEXT_VERSION}" \
      org.opencontainers.image.source="https://github.com/smarttext/smarttext" \
      org.opencontainers.image.url="https://github.com/smarttext/smarttext" \
      org.opencontainers.image.documentation="https://github.com/smarttext/smarttext#readme" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.base.name="docker.io/library/debian:bookworm-slim"

# A fixed numeric uid/gid, so that Kubernetes' runAsNonRoot can check it and
# a mounted registry can be made readable to it. /etc/smarttext is where a
# registry file or folder is mounted (empty by default).
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends ${RUNTIME_PACKAGES} \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid "${RUNTIME_UID}" smarttext \
    && useradd --uid "${RUNTIME_UID}" --gid smarttext \
        --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin smarttext \
    && install -d -m 0755 /etc/smarttext

COPY --from=build /out/smarttext-server /usr/local/bin/smarttext-server

# Fails the build here, not at `docker run`, if a shared library is missing.
RUN ["/usr/local/bin/smarttext-server", "--version"]

USER ${RUNTIME_UID}:${RUNTIME_UID}

# Defaults of the binary, spelled out; SMARTTEXT_CONFIG is unset: the
# built-in registry only.
ENV SMARTTEXT_HOST=0.0.0.0 \
    SMARTTEXT_PORT=8080

EXPOSE 8080

# The server blocks SIGINT, SIGTERM and SIGHUP and takes them with sigwait,
# so it handles them as PID 1 too (no --init needed).
STOPSIGNAL SIGTERM

# No curl in the image: bash (in bookworm-slim) sends GET /healthz over
# /dev/tcp and passes when the status line says 200.
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${SMARTTEXT_PORT:-8080} && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && IFS= read -r -t 3 status <&3 && [[ $status == HTTP/1.?' 200 '* ]]"]

ENTRYPOINT ["/usr/local/bin/smarttext-server"]
