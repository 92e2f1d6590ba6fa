# Plateau's server image: built in a Rust image, run from a slim Debian with only the binary.
# docker-compose.yml runs it beside Postgres; the web client and migrations are inside the binary.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p plateau && cp target/release/plateau /usr/local/bin/plateau

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /var/lib/plateau --create-home plateau
COPY --from=build /usr/local/bin/plateau /usr/local/bin/plateau
USER plateau
WORKDIR /var/lib/plateau
# Listen on every interface inside the container; the port is published by compose.
ENV PLATEAU_ADDR=0.0.0.0:8080
EXPOSE 8080
STOPSIGNAL SIGTERM
ENTRYPOINT ["plateau"]
CMD ["serve"]
