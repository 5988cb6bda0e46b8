export default function ContactInstructionsPage() {
  return (
    <section className="page">
      <h1>Contact instructions for vendors</h1>
      <p>Vendors who need to reach our operations team can use the contacts below. Please include your vendor name and a short description of the request.</p>
      <ul>
        <li>Email: the address given in your vendor agreement.</li>
        <li>Urgent issues: call the support line listed in your agreement, any time.</li>
      </ul>
    </section>
  );
}
