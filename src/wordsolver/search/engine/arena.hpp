// Scratch memory of one search thread: a stack of blocks that a set's search takes from and
// gives back whole when it returns, so that the recursion never calls the allocator in its
// inner loops.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#if defined(_WIN32)
#include <cstdlib>
#else
#include <sys/mman.h>
#endif

namespace wordsolver {

/** Pages asked of the operating system and given back to it when freed. Arena blocks are
 *  not taken from the allocator's heap: freed heap blocks stay in the process (one heap per
 *  thread), so a search on several threads kept the largest scratch any thread ever had. */
class Pages {
public:
    Pages() = default;
    explicit Pages(std::size_t size) : size_(size) {
#if defined(_WIN32)
        data_ = static_cast<std::uint8_t*>(std::malloc(size));
        if (data_ == nullptr) throw std::bad_alloc();
#else
        void* raw = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) throw std::bad_alloc();
        data_ = static_cast<std::uint8_t*>(raw);
#endif
    }
    Pages(Pages&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
    Pages& operator=(Pages&& other) noexcept {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            size_ = std::exchange(other.size_, 0);
        }
        return *this;
    }
    Pages(const Pages&) = delete;
    Pages& operator=(const Pages&) = delete;
    ~Pages() { release(); }

    /** The first byte (page-aligned where pages are mapped). */
    std::uint8_t* data() const { return data_; }

private:
    void release() {
        if (data_ == nullptr) return;
#if defined(_WIN32)
        std::free(data_);
#else
        munmap(data_, size_);
#endif
        data_ = nullptr;
    }

    std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

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

    /** Give the operating system every block but one of the standard size; only when
     *  nothing taken is in use (a search called from Python has returned), so that a thread
     *  waiting for its next set holds none of the last one's scratch. */
    void trim() {
        while (!blocks_.empty() && (blocks_.size() > 1 || blocks_.back().size > BLOCK))
            blocks_.pop_back();
        current_ = 0;
        if (!blocks_.empty()) blocks_[0].used = 0;
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
        Pages raw;
        std::uint8_t* data;
        std::size_t size;
        std::size_t used;
    };
    static constexpr std::size_t BLOCK = std::size_t(1) << 20;

    void add_block(std::size_t at_least) {
        std::size_t size = at_least > BLOCK ? at_least : BLOCK;
        Block block;
        block.raw = Pages(size + 64);
        auto address = reinterpret_cast<std::uintptr_t>(block.raw.data());
        block.data = block.raw.data() + ((64 - address % 64) % 64);
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
