// Scratch memory of one search thread: a stack of blocks that a set's search takes from and
// gives back whole when it returns, so that the recursion never calls the allocator in its
// inner loops.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace wordsolver {

class Arena {
public:
    struct Mark {
        std::size_t block;
        std::size_t used;
    };

    Mark mark() const { return {current_, blocks_.empty() ? 0 : blocks_[current_].used}; }

    void rewind(Mark mark) {
        if (blocks_.empty()) return;
        for (std::size_t b = mark.block + 1; b <= current_ && b < blocks_.size(); b++)
            blocks_[b].used = 0;
        current_ = mark.block;
        blocks_[current_].used = mark.used;
    }

    /** Room for ``count`` values of T (uninitialised, 64-byte aligned). */
    template <class T>
    T* take(std::size_t count) {
        std::size_t bytes = (count * sizeof(T) + 63) & ~std::size_t(63);
        if (bytes == 0) bytes = 64;
        while (true) {
            if (blocks_.empty()) add_block(bytes);
            Block& block = blocks_[current_];
            if (block.used + bytes <= block.size) {
                T* out = reinterpret_cast<T*>(block.data + block.used);
                block.used += bytes;
                return out;
            }
            if (current_ + 1 < blocks_.size() && blocks_[current_ + 1].size >= bytes) {
                current_++;
                blocks_[current_].used = 0;
                continue;
            }
            // The next block is too small for this request (or there is none): a block that
            // fits takes its place. Blocks past the current one are free, so replacing rather
            // than inserting keeps the arena as large as the deepest search, not as the sum of
            // every size it ever met.
            add_block(bytes);
        }
    }

    /** Room for ``count`` values of T set to ``value``. */
    template <class T>
    T* fill(std::size_t count, T value) {
        T* out = take<T>(count);
        for (std::size_t i = 0; i < count; i++) out[i] = value;
        return out;
    }

private:
    struct Block {
        std::unique_ptr<std::uint8_t[]> raw;
        std::uint8_t* data;
        std::size_t size;
        std::size_t used;
    };
    static constexpr std::size_t BLOCK = std::size_t(1) << 20;

    void add_block(std::size_t at_least) {
        std::size_t size = at_least > BLOCK ? at_least : BLOCK;
        Block block;
        block.raw.reset(new std::uint8_t[size + 64]);
        auto address = reinterpret_cast<std::uintptr_t>(block.raw.get());
        block.data = block.raw.get() + ((64 - address % 64) % 64);
        block.size = size;
        block.used = 0;
        std::size_t at = blocks_.empty() ? 0 : current_ + 1;
        if (at < blocks_.size())
            blocks_[at] = std::move(block);
        else
            blocks_.push_back(std::move(block));
        current_ = at;
    }

    std::vector<Block> blocks_;
    std::size_t current_ = 0;
};

/** Gives a set's scratch back to the arena when its search returns. */
class Scope {
public:
    explicit Scope(Arena& arena) : arena_(arena), mark_(arena.mark()) {}
    ~Scope() { arena_.rewind(mark_); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

private:
    Arena& arena_;
    Arena::Mark mark_;
};

}  // namespace wordsolver
