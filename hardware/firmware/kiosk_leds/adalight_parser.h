// Adalight frame parser: a byte-at-a-time state machine with no Arduino dependency, so the
// same code runs in the sketch and in the kiosk's host-side test (tests/test_hardware_firmware.py).
//
// Frame: 'A' 'd' 'a', (count-1) high byte, (count-1) low byte, high ^ low ^ 0x55, then R G B per LED.
// A bad checksum or a silence in the middle of a frame sends the parser back to waiting for 'A':
// the kiosk resends the whole strip at least once a second, so a broken frame heals itself.
#pragma once
#include <stdint.h>

class AdalightParser {
 public:
  // `pixels` receives R G B for up to `capacity` LEDs; LEDs beyond that are read and dropped.
  AdalightParser(uint8_t *pixels, uint16_t capacity) : pixels_(pixels), capacity_(capacity) {}

  // Feed one received byte at time `now_ms`. Returns true when a whole frame has been stored
  // (then `count()` says how many LEDs it carried).
  bool feed(uint8_t byte, uint32_t now_ms) {
    if (state_ != WAIT_A && now_ms - last_byte_ms_ > kFrameGapMs) state_ = WAIT_A;
    last_byte_ms_ = now_ms;
    switch (state_) {
      case WAIT_A: if (byte == 'A') state_ = WAIT_D; return false;
      case WAIT_D: state_ = byte == 'd' ? WAIT_SMALL_A : (byte == 'A' ? WAIT_D : WAIT_A); return false;
      case WAIT_SMALL_A: state_ = byte == 'a' ? HIGH : (byte == 'A' ? WAIT_D : WAIT_A); return false;
      case HIGH: high_ = byte; state_ = LOW; return false;
      case LOW: low_ = byte; state_ = CHECK; return false;
      case CHECK:
        if (byte != (high_ ^ low_ ^ 0x55)) { state_ = byte == 'A' ? WAIT_D : WAIT_A; return false; }
        count_ = (((uint32_t)high_ << 8) | low_) + 1;  // 1..65536: needs more than 16 bits
        remaining_ = count_ * 3;
        index_ = 0;
        state_ = DATA;
        return false;
      case DATA:
        if (index_ < (uint32_t)capacity_ * 3) pixels_[index_] = byte;
        index_++;
        if (--remaining_ == 0) { state_ = WAIT_A; return true; }
        return false;
    }
    return false;
  }

  uint32_t count() const { return count_; }
  bool idle() const { return state_ == WAIT_A; }
  // True while a frame's colours are being written into `pixels` (the previous frame is going).
  bool receiving() const { return state_ == DATA; }

 private:
  enum State : uint8_t { WAIT_A, WAIT_D, WAIT_SMALL_A, HIGH, LOW, CHECK, DATA };
  static const uint32_t kFrameGapMs = 250;  // a 272-LED frame takes 71 ms at 115200 baud
  uint8_t *pixels_;
  uint16_t capacity_;
  State state_ = WAIT_A;
  uint8_t high_ = 0, low_ = 0;
  uint32_t count_ = 0;
  uint32_t remaining_ = 0, index_ = 0, last_byte_ms_ = 0;
};
