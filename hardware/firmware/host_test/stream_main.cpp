// Host-side harness for the sketch's loop (adalight_parser.h + show_gate.h) on a simulated Arduino
// Uno: bytes arrive at the baud rate; while the strip is written (interrupts off, 30 us per LED and
// a 50 us latch) the serial port keeps 2 bytes and loses the others, as the ATmega328P's does.
// Used by tests/test_hardware_firmware.py to check that paced frames are all shown and none lost.
//
// Usage: stream_main LEDS BAUD [at-once]   ("at-once": show every frame as soon as it is complete,
// as the sketch did before show_gate.h, to compare)
// stdin: records of <start time in us, 8 bytes little-endian><length, 4 bytes little-endian><bytes>
// stdout: "shown T_US COUNT rrggbb ..." per strip update, then "lost N".
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>
#include "../kiosk_leds/adalight_parser.h"
#include "../kiosk_leds/show_gate.h"

namespace {

struct Uno {
  unsigned leds;
  double show_us;
  bool at_once;
  std::vector<uint8_t> pixels;
  AdalightParser parser;
  ShowGate gate;
  double quiet_us;
  double show_end = -1e18, last_byte = -1e18;
  std::deque<uint8_t> held;  // bytes the serial port kept while interrupts were off
  long lost = 0;

  Uno(unsigned n, unsigned long baud, bool once)
      : leds(n), show_us(30.0 * n + 50.0), at_once(once), pixels(3 * n), parser(pixels.data(), n),
        gate(30000000UL / baud, 250000UL), quiet_us(30000000UL / baud) {}

  void show(double t) {
    std::printf("shown %.0f %u", t, (unsigned)parser.count());
    for (unsigned i = 0; i < leds; i++) std::printf(" %02x%02x%02x", pixels[3 * i], pixels[3 * i + 1], pixels[3 * i + 2]);
    std::printf("\n");
    gate.shown();
    show_end = t + show_us;
  }

  void process(double t, uint8_t byte) {
    last_byte = t;
    if (parser.feed(byte, (uint32_t)(t / 1000))) {
      for (unsigned i = parser.count(); i < leds; i++) pixels[3 * i] = pixels[3 * i + 1] = pixels[3 * i + 2] = 0;
      if (at_once || gate.frame_complete((uint32_t)t)) show(t);
    } else if (parser.receiving()) {
      gate.overwritten();
    }
  }

  // The loop runs with nothing to read until `t`: the held bytes come in when the strip is
  // written, and the strip is written if the line has been quiet long enough.
  void idle_until(double t) {
    while (true) {
      if (!held.empty() && show_end <= t) {
        uint8_t byte = held.front();
        held.pop_front();
        process(show_end, byte);
        continue;
      }
      if (show_end > t || !held.empty() || last_byte < 0) return;
      // the loop asks the gate all the time: it opens `quiet_us` after the last byte at the earliest
      double when = (double)(uint32_t)last_byte + quiet_us;
      if (when < show_end) when = show_end;
      if (when < t && gate.quiet((uint32_t)when, (uint32_t)last_byte)) show(when);
      return;
    }
  }

  void arrive(double t, uint8_t byte) {
    idle_until(t);
    if (t < show_end) {
      if (held.size() < 2) held.push_back(byte); else lost++;
      return;
    }
    process(t, byte);
  }
};

bool read_exact(void *out, size_t n) { return std::fread(out, 1, n, stdin) == n; }

}  // namespace

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  const unsigned leds = std::atoi(argv[1]);
  const unsigned long baud = std::atol(argv[2]);
  const bool at_once = argc > 3 && std::string(argv[3]) == "at-once";
  Uno uno(leds, baud, at_once);
  const double byte_us = 1e7 / baud;
  double line_free = -1e18;
  uint8_t head[12];
  while (read_exact(head, sizeof head)) {
    uint64_t start = 0;
    uint32_t length = 0;
    for (int i = 7; i >= 0; i--) start = (start << 8) | head[i];
    for (int i = 11; i >= 8; i--) length = (length << 8) | head[i];
    std::vector<uint8_t> data(length);
    if (!read_exact(data.data(), length)) return 3;
    double t = (double)start > line_free ? (double)start : line_free;
    for (uint32_t i = 0; i < length; i++) uno.arrive(t + (i + 1) * byte_us, data[i]);
    line_free = t + length * byte_us;
  }
  uno.idle_until(line_free + 2e6);
  std::printf("lost %ld\n", uno.lost);
  return 0;
}
