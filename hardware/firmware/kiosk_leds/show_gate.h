// When to write the strip after a frame, so that no byte is lost meanwhile.
//
// FastLED turns interrupts off while it writes a WS2812 strip (30 us per LED), and an Arduino Uno
// keeps only 2 received bytes in that time: the rest of what arrives is lost. So the sketch writes
// the strip only once the line has been quiet for a few byte times after a complete frame. The
// kiosk pauses after every frame for longer than that plus the strip's update (docs/hardware.md),
// so its frames are all shown. A sender that does not pause loses nothing either: the next frame is
// read first, and the newest complete frame is shown at the next pause. Only a sender that never
// pauses for `max_wait_us` gets a frame shown anyway (and the frame arriving then is dropped whole).
//
// No Arduino dependency: tests/test_hardware_firmware.py runs it with a simulated serial line.
#pragma once
#include <stdint.h>

class ShowGate {
 public:
  ShowGate(uint32_t quiet_us, uint32_t max_wait_us) : quiet_us_(quiet_us), max_wait_us_(max_wait_us) {}

  // A whole frame is in the LED array at `now_us`. True: show it at once, because an earlier frame
  // has already waited `max_wait_us` for a pause that never came.
  bool frame_complete(uint32_t now_us) {
    ready_ = true;
    if (!waiting_) {
      waiting_ = true;
      since_us_ = now_us;
    }
    return now_us - since_us_ >= max_wait_us_;
  }

  // The next frame's colours are being written into the LED array: the complete one is gone.
  void overwritten() { ready_ = false; }

  // Nothing waits in the receive buffer. True: show the frame now, the line has been quiet long enough.
  bool quiet(uint32_t now_us, uint32_t last_byte_us) const {
    return ready_ && now_us - last_byte_us >= quiet_us_;
  }

  void shown() { ready_ = waiting_ = false; }

 private:
  uint32_t quiet_us_, max_wait_us_;
  uint32_t since_us_ = 0;
  bool ready_ = false, waiting_ = false;
};
